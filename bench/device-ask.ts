/**
 * Device `ask` through the whole stack: HTTP on a listening server, device-key auth, session check,
 * the matcher with 1,000 topics (10 training phrases each), the topic's responses, and the
 * conversation row written in the same request. PGlite in a temp dir, or DATABASE_URL.
 * Reports throughput and latency at 1 and 8 requests in flight.
 * Run: npm run bench:ask (no build needed).
 */
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.js';
import { aiCategories, aiKeywords, aiResponses, aiTopics } from '../apps/server/src/db/schema.js';
import { fold } from '../apps/server/src/modules/ai/index.js';
import { createDevicesRepo, createDevicesService } from '../apps/server/src/modules/devices/index.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { rng } from '../apps/server/src/matcher/model.js';
import { syntheticTopics } from '../apps/server/src/test/matcher-topics.js';
import { benchDatabase } from './support.js';

const TOPICS = 1000;
const N = Number(process.env.BENCH_N ?? 3000);
const DEVICE = 1;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const { dir, config, database } = await benchDatabase();
const { db } = database;

// Setup (not measured): 1,000 topics with phrases and one text response each, written directly.
const topics = syntheticTopics(TOPICS, 10);
const [category] = await db.insert(aiCategories).values({ deviceId: DEVICE, name: 'Bench' }).returning();
const phrases: string[] = [];
for (let i = 0; i < topics.length; i += 200) {
  const batch = topics.slice(i, i + 200);
  const rows = await db
    .insert(aiTopics)
    .values(
      batch.map((t) => ({
        deviceId: DEVICE,
        categoryId: category!.id,
        name: `${t.name} ${randomUUID().slice(0, 4)}`,
      })),
    )
    .returning({ id: aiTopics.id });
  const keywords = batch.flatMap((t, j) =>
    t.examples.map((e) => ({
      topicId: rows[j]!.id,
      deviceId: DEVICE,
      language: 'english',
      kind: 'phrase' as const,
      text: e.text,
      norm: fold(e.text),
    })),
  );
  await db.insert(aiKeywords).values(keywords);
  await db.insert(aiResponses).values(
    batch.map((t, j) => ({
      topicId: rows[j]!.id,
      deviceId: DEVICE,
      language: 'english',
      deviceType: 'ambassador' as const,
      responseAim: 'give_info',
      responseType: 'multimedia',
      contents: [{ type: 'text', placement: 'general', values: [`Answer for ${t.name}`] }],
    })),
  );
  phrases.push(...batch.flatMap((t) => t.examples.map((e) => e.text)));
}

const app = await buildApp({ config, database, warmMatchers: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/device_api/v1`;
const { key } = await createDevicesService({ repo: createDevicesRepo(db), clock: systemClock }).issueToolKey(
  DEVICE,
);
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench reads a few known fields
async function post(pathname: string, body: object, extra: Record<string, string> = {}): Promise<any> {
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { ...headers, ...extra },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

const session = await post('/sessions', { language: 'english' });
// The first question waits for the matcher build; measure after it.
const warmStart = performance.now();
await post('/ask', { session_id: session.session_id, text: phrases[0], language: 'english' });
console.log(
  `database: ${database.kind}, node ${process.version}, ${TOPICS} topics, ${phrases.length} phrases`,
);
console.log(`first ask (matcher build included): ${(performance.now() - warmStart).toFixed(0)} ms`);

const random = rng(7);
async function run(concurrency: number) {
  const times: number[] = [];
  let next = 0;
  let matched = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < N) {
        next++;
        // A trained phrase with a word dropped, so questions are near, not equal, to the training.
        const words = phrases[Math.floor(random() * phrases.length)]!.split(' ');
        words.splice(Math.floor(random() * words.length), 1);
        const t0 = performance.now();
        const answer = await post(
          '/ask',
          { session_id: session.session_id, text: words.join(' ') || 'hello', language: 'english' },
          { 'idempotency-key': randomUUID() },
        );
        times.push(performance.now() - t0);
        if (!answer.fallback) matched++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  console.log(
    `ask, ${concurrency} in flight: n=${times.length} throughput=${(times.length / seconds).toFixed(0)}/s ` +
      `p50=${pct(sorted, 50).toFixed(2)} ms p95=${pct(sorted, 95).toFixed(2)} ms p99=${pct(sorted, 99).toFixed(2)} ms ` +
      `answered=${((matched / times.length) * 100).toFixed(1)}%`,
  );
}
await run(1);
await run(8);

await app.close();
await database.close();
await fs.rm(dir, { recursive: true, force: true });
