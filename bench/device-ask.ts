/**
 * Device `ask` through the whole stack: HTTP on a listening server, device-key auth, session check,
 * the matcher with 1,000 topics (10 training phrases each), the topic's responses, and the
 * conversation row written in the same request. Reports throughput and latency at 1 and 8 requests
 * in flight; the questions are sent from a worker thread, so the client does not share the server's
 * event loop (as kiosks do not).
 *
 * Then: a workbook of 150 topics × 100 phrases imported into another device through the admin API,
 * and that device's first question right after (answered by the previous model while the new one
 * builds), how long the rebuild takes, and the first question after it.
 *
 * PGlite in a temp dir by default; with DATABASE_URL (a PostgreSQL server), a fresh database on it,
 * dropped afterwards. Run: npm run bench:ask (no build needed);
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:ask
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { openAndSeed } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { textVectors } from '../apps/server/src/db/schema.js';
import { and, count, eq } from 'drizzle-orm';
import { createDevicesRepo, createDevicesService } from '../apps/server/src/modules/devices/index.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { syntheticTopics } from '../apps/server/src/test/matcher-topics.js';
import { BENCH_ADMIN, BENCH_UNTHROTTLED, writeTopics } from './support.js';
import inspector from 'node:inspector';

const TOPICS = 1000;
const N = Number(process.env.BENCH_N ?? 3000);
const DEVICE = 1;
/** The device the workbook is imported into. */
const IMPORT_DEVICE = 2;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// A fresh database: a temp PGlite directory, or a new database on DATABASE_URL's server.
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-bench-'));
let databaseUrl = '';
let dropDatabase = async () => undefined;
if (process.env.DATABASE_URL) {
  const server = process.env.DATABASE_URL;
  const name = `ac_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
const config = loadConfig({
  DATA_DIR: dir,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  DATABASE_URL: databaseUrl,
  ...BENCH_UNTHROTTLED,
});
const quiet = { info: () => undefined, warn: () => undefined };
const database = await openAndSeed(config, quiet);
const { db } = database;

const topics = syntheticTopics(TOPICS, 10).map((t) => ({
  ...t,
  name: `${t.name} ${randomUUID().slice(0, 4)}`,
}));
await writeTopics(db, DEVICE, topics);
const phrases = topics.flatMap((t) => t.examples.map((e) => e.text));
// The import device's previous topics: 20 × 5 phrases.
const before = syntheticTopics(20, 5, 11).map((t) => ({ ...t, name: `before ${t.name}` }));
await writeTopics(db, IMPORT_DEVICE, before);

const app = await buildApp({ config, database, warmMatchers: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const base = `${origin}/device_api/v1`;
const devices = createDevicesService({ repo: createDevicesRepo(db), clock: systemClock });
const keyOf = async (id: number) => (await devices.issueToolKey(id)).key;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench reads a few known fields
async function post(key: string, pathname: string, body: object): Promise<any> {
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

/** An admin's headers for the console API. */
async function adminSession() {
  const login = await fetch(`${origin}/admin_panel/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const { access_token, auth_project_id } = ((await login.json()) as { data: Record<string, string> }).data;
  return { access_token: access_token!, auth_project_id: String(auth_project_id) };
}

const key = await keyOf(DEVICE);
const session = await post(key, '/sessions', { language: 'english' });
// The first question waits for the matcher build; measure after it.
const warmStart = performance.now();
await post(key, '/ask', { session_id: session.session_id, text: phrases[0], language: 'english' });
console.log(
  `database: ${database.kind}, node ${process.version}, ${TOPICS} topics, ${phrases.length} phrases, ` +
    `${os.cpus().length} cores`,
);
console.log(`first ask (matcher build included): ${(performance.now() - warmStart).toFixed(0)} ms`);
// With a sentence model the first build answers by words while the phrases are embedded in the
// background; the asks below are measured once they are stored (and the device built again with them).
if (app.embedder.info().model) {
  const stored = async () =>
    (
      await db
        .select({ n: count() })
        .from(textVectors)
        .where(and(eq(textVectors.deviceId, DEVICE), eq(textVectors.source, 'topics')))
    )[0]!.n;
  while ((await stored()) < new Set(phrases).size) await new Promise((r) => setTimeout(r, 500));
  console.log(
    `phrases embedded in the background: ${((performance.now() - warmStart) / 1000).toFixed(1)} s after the first ask`,
  );
  // The rebuild with them: its first ask waits for nothing but is answered by the old model until it is done.
  const rebuilt = performance.now();
  await post(key, '/ask', { session_id: session.session_id, text: phrases[1], language: 'english' });
  console.log(`ask right after: ${(performance.now() - rebuilt).toFixed(0)} ms`);
  // Steady state from here: the runs below start once that rebuild has taken over.
  const admin = await adminSession();
  for (;;) {
    const res = await fetch(`${origin}/admin_panel/ai_config/matcher_status?device_id=${DEVICE}`, {
      headers: admin,
    });
    const status = ((await res.json()) as { data: { state: string; dense: boolean } }).data;
    if (status.state === 'ready' && status.dense) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`rebuilt with them: ${((performance.now() - rebuilt) / 1000).toFixed(1)} s after`);
}

/**
 * The client, in a worker thread: `concurrency` loops asking trained phrases with one word dropped
 * (near, not equal, to the training), N questions in all, each with its own Idempotency-Key.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const { url, key, session, phrases, n, concurrency } = workerData;
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
(async () => {
  const times = [];
  let next = 0, matched = 0, failed = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      next++;
      const words = phrases[Math.floor(random() * phrases.length)].split(' ');
      words.splice(Math.floor(random() * words.length), 1);
      const t0 = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ session_id: session, text: words.join(' ') || 'hello', language: 'english' }),
      });
      const body = await res.json();
      times.push(performance.now() - t0);
      if (!res.ok || body.data.conversation_id === null) failed++;
      else if (!body.data.fallback) matched++;
    }
  }));
  parentPort.postMessage({ times, matched, failed, seconds: (performance.now() - started) / 1000 });
})();
`;

async function run(concurrency: number) {
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: { url: `${base}/ask`, key, session: session.session_id, phrases, n: N, concurrency },
  });
  const result = await new Promise<{ times: number[]; matched: number; failed: number; seconds: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  const sorted = result.times.sort((a, b) => a - b);
  console.log(
    `ask, ${concurrency} in flight: n=${sorted.length} throughput=${(sorted.length / result.seconds).toFixed(0)}/s ` +
      `p50=${pct(sorted, 50).toFixed(2)} ms p95=${pct(sorted, 95).toFixed(2)} ms p99=${pct(sorted, 99).toFixed(2)} ms ` +
      `answered=${((result.matched / sorted.length) * 100).toFixed(1)}% failed=${result.failed}`,
  );
}
// PROFILE=file.cpuprofile: the server's CPU profile over the two runs (open it in Chrome's DevTools).
const profiler = process.env.PROFILE ? new inspector.Session() : null;
const post_ = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    profiler!.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))),
  );
if (profiler) {
  profiler.connect();
  await post_('Profiler.enable');
  await post_('Profiler.start');
}
await run(1);
await run(8);
if (profiler) {
  const { profile } = (await post_('Profiler.stop')) as { profile: object };
  await fs.writeFile(process.env.PROFILE!, JSON.stringify(profile));
  profiler.disconnect();
}

// ---- A large import, then the device's first question.
const adminHeaders = await adminSession();
const imported = syntheticTopics(150, 100, 3).map((t) => ({ ...t, name: `imported ${t.name}` }));
const wb = new ExcelJS.Workbook();
const sheetTopics = wb.addWorksheet('Topics');
sheetTopics.addRow([
  'Topic',
  'Parent topic',
  'Category',
  'Active',
  'Related intents',
  'Remarks',
  'Avatar motion',
]);
const sheetKeywords = wb.addWorksheet('Keywords');
sheetKeywords.addRow(['Topic', 'Language', 'Kind', 'Text']);
for (const t of imported) {
  sheetTopics.addRow([t.name, '', 'Imported', 'TRUE', '', '', '']);
  for (const e of t.examples) sheetKeywords.addRow([t.name, 'english', 'phrase', e.text]);
}
const form = new FormData();
form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'topics.xlsx');

const importKey = await keyOf(IMPORT_DEVICE);
const importSession = await post(importKey, '/sessions', { language: 'english' });
// Asked from another thread, as a kiosk asks from another machine: the timing is the server's alone.
const ASKER = `
const { parentPort } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
parentPort.on('message', async ({ url, key, body }) => {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  parentPort.postMessage({ ms: performance.now() - t0, data: json.data });
});
`;
const asker = new Worker(ASKER, { eval: true });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench reads a few known fields
const askImport = (text: string): Promise<{ ms: number; data: any }> =>
  new Promise((resolve) => {
    asker.once('message', resolve);
    asker.postMessage({
      url: `${base}/ask`,
      key: importKey,
      body: { session_id: importSession.session_id, text, language: 'english' },
    });
  });
await askImport(before[0]!.examples[0]!.text); // its matcher is built (warm-up) before the import

const importStart = performance.now();
const importRes = await fetch(
  `${origin}/admin_panel/ai_config/intents/import?device_id=${IMPORT_DEVICE}&mode=apply`,
  {
    method: 'POST',
    headers: adminHeaders,
    body: form,
  },
);
const importBody = (await importRes.json()) as { data: { applied: boolean; matcher?: { state: string } } };
const importMs = performance.now() - importStart;
if (!importBody.data.applied)
  throw new Error(`import not applied: ${JSON.stringify(importBody).slice(0, 300)}`);
const rebuildStart = performance.now();

const { ms: firstMs, data: first } = await askImport(before[3]!.examples[0]!.text);
const newQuestion = imported[42]!.examples[0]!.text;
const { ms: secondMs, data: second } = await askImport(newQuestion);
const statusOf = async () =>
  (
    (await (
      await fetch(`${origin}/admin_panel/ai_config/matcher_status?device_id=${IMPORT_DEVICE}`, {
        headers: adminHeaders,
      })
    ).json()) as { data: { state: string; topics: number } }
  ).data;
const during = await statusOf();
let status = during;
while (status.state !== 'ready') {
  await new Promise((r) => setTimeout(r, 50));
  status = await statusOf();
}
const rebuildMs = performance.now() - rebuildStart;
const { ms: afterMs, data: after } = await askImport(newQuestion);
await asker.terminate();
console.log(
  `import 150 topics × 100 phrases: ${importMs.toFixed(0)} ms, answered matcher=${importBody.data.matcher?.state}`,
);
console.log(
  `first ask after the import: ${firstMs.toFixed(1)} ms (${first.intent?.name === before[3]!.name ? 'previous topic answered' : 'NOT the previous topic'}), ` +
    `an imported phrase meanwhile: ${secondMs.toFixed(1)} ms (${second.intent?.name === imported[42]!.name ? 'new model' : 'previous model'}); ` +
    `status during: ${during.state}`,
);
console.log(
  `rebuild until ready: ${rebuildMs.toFixed(0)} ms (${status.topics} topics); then the imported phrase: ` +
    `${afterMs.toFixed(1)} ms (${after.intent?.name === imported[42]!.name ? 'matched' : 'not matched'})`,
);

await app.close();
await database.close();
await fs.rm(dir, { recursive: true, force: true });
await dropDatabase();
