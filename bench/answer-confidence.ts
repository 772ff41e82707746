/**
 * The answer-confidence preview (`GET /ai_config/answer_confidence/preview`), as a slider in AI
 * Configuration calls it: 2,000 recent questions of one device asked again of its matcher with
 * 1,000 topics (10 phrases each, like bench:ask), every question a different text (the worst case:
 * kiosk logs repeat a lot, and repeats are matched once). 10,000 older questions lie outside the
 * 30-day window. Measured in-process through `app.inject` as the admin, after one warm-up call,
 * with the longest event-loop stall during the runs (kiosks' questions wait at most that long).
 *
 * Run: npm run bench:confidence                 (PGlite in a temp dir)
 *      DATABASE_URL=postgres://… npm run bench:confidence   (a database of its own; it is filled)
 * Env: BENCH_N (runs, default 20), BENCH_QUESTIONS (default 2000).
 */
import fs from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.js';
import { aiCategories, aiKeywords, aiTopics, conversations } from '../apps/server/src/db/schema.js';
import { rng } from '../apps/server/src/matcher/model.js';
import { fold } from '../apps/server/src/modules/ai/index.js';
import { syntheticTopics } from '../apps/server/src/test/matcher-topics.js';
import { BENCH_ADMIN, benchDatabase } from './support.js';

const TOPICS = 1000;
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 2000);
const OLDER = 10_000;
const RUNS = Number(process.env.BENCH_N ?? 20);
const DEVICE = 1;
const DAY = 86_400_000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const { dir, config, database } = await benchDatabase();
const { db } = database;

// Setup (not measured): topics and phrases written directly, then the log.
const topics = syntheticTopics(TOPICS, 10);
const [category] = await db.insert(aiCategories).values({ deviceId: DEVICE, name: 'Bench' }).returning();
const phrases: string[] = [];
for (let i = 0; i < topics.length; i += 200) {
  const batch = topics.slice(i, i + 200);
  const rows = await db
    .insert(aiTopics)
    .values(batch.map((t) => ({ deviceId: DEVICE, categoryId: category!.id, name: `${t.name}` })))
    .returning({ id: aiTopics.id });
  await db.insert(aiKeywords).values(
    batch.flatMap((t, j) =>
      t.examples.map((e) => ({
        topicId: rows[j]!.id,
        deviceId: DEVICE,
        language: 'english',
        kind: 'phrase' as const,
        text: e.text,
        norm: fold(e.text),
      })),
    ),
  );
  phrases.push(...batch.flatMap((t) => t.examples.map((e) => e.text)));
}

// Questions: a trained phrase with a word dropped and a made-up word added (so texts differ and
// scores spread over the range), one in five a made-up sentence that resembles nothing.
const random = rng(11);
const question = (i: number) => {
  if (i % 5 === 0) return `zq${i} xv${i % 97} please`;
  const words = phrases[Math.floor(random() * phrases.length)]!.split(' ');
  words.splice(Math.floor(random() * words.length), 1, `w${i}`);
  return words.join(' ');
};
const now = Date.now();
const log = [
  ...Array.from({ length: QUESTIONS }, (_, i) => ({
    at: new Date(now - ((i + 1) * 29 * DAY) / QUESTIONS),
    i,
  })),
  ...Array.from({ length: OLDER }, (_, i) => ({
    at: new Date(now - 31 * DAY - i * 60_000),
    i: QUESTIONS + i,
  })),
];
for (let i = 0; i < log.length; i += 1000) {
  await db.insert(conversations).values(
    log.slice(i, i + 1000).map(({ at, i: n }) => ({
      deviceId: DEVICE,
      at,
      acquire: question(n),
      reply: 'logged',
      language: 'english',
      responseTimeMs: 10,
      status: 'answered' as const,
      idempotencyKey: randomUUID(),
    })),
  );
}

const app = await buildApp({ config, database });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/admin_panel/login', payload: BENCH_ADMIN });
const { access_token, auth_project_id } = login.json().data;
const headers = { access_token, auth_project_id: String(auth_project_id) };
const previewAt = async (value: number) => {
  const res = await app.inject({
    method: 'GET',
    url: `/admin_panel/ai_config/answer_confidence/preview?device_id=${DEVICE}&answer_confidence=${value}&limit=20`,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

console.log(`database: ${database.kind}, node ${process.version}, ${TOPICS} topics, ${QUESTIONS} questions`);
const cold = performance.now();
const first = await previewAt(0.5);
console.log(`first preview (matcher build included): ${(performance.now() - cold).toFixed(0)} ms`);
console.log(
  `re-asked ${first.questions}: ${first.at_current.answered} answered / ${first.at_current.fallback} fall back at 0.5`,
);

const stall = monitorEventLoopDelay({ resolution: 5 });
stall.enable();
const times: number[] = [];
for (let r = 0; r < RUNS; r++) {
  // A slider's values: one step at a time across the range.
  const value = Math.round((0.2 + (r * 0.6) / Math.max(1, RUNS - 1)) * 100) / 100;
  const t0 = performance.now();
  const p = await previewAt(value);
  times.push(performance.now() - t0);
  if (p.questions !== QUESTIONS) throw new Error(`expected ${QUESTIONS} questions, got ${p.questions}`);
}
stall.disable();
times.sort((a, b) => a - b);
console.log(
  `preview of ${QUESTIONS} questions, ${RUNS} runs: p50 ${pct(times, 50).toFixed(0)} ms, ` +
    `p95 ${pct(times, 95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms; ` +
    `longest event-loop stall ${(stall.max / 1e6).toFixed(1)} ms`,
);

await app.close();
await database.close();
await fs.rm(dir, { recursive: true, force: true });
