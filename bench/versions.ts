/**
 * Draft and publish on a large device: 1,000 topics (BENCH_TOPICS) with 20 phrases and 2 responses
 * each and 10,000 conversations naming them, written with SQL; then through `app.inject` as the
 * admin: the Draft and publish card's read before anything is live, the first publish, the time
 * until a kiosk's question is answered from the new version (its matcher built), the card's read
 * with a live version (the draft compared with it), a publish after one topic changed, and a restore
 * of version 1 — each BENCH_N times (default 3, the median shown). After every restore it checks
 * that the topics, phrases, responses and the seeded conversations' links are all back, and exits 1 if not.
 *
 * Run: npm run bench:versions                  (PGlite in a temp dir)
 *      DATABASE_URL=postgres://…/fresh_db npm run bench:versions   (a fresh, empty database)
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.js';
import { benchAdminHeaders, benchApp, seedLargeTopics } from './support.js';

const TOPICS = Number(process.env.BENCH_TOPICS ?? 1000);
const N = Number(process.env.BENCH_N ?? 3);
const DEVICE = 1;

const bench = await benchApp();
const { app, database } = bench;
const db = database.db;
console.log(`database: ${database.kind}, node ${process.version}, ${TOPICS} topics`);
const headers = await benchAdminHeaders(app);

const [category] = await queryRows<{ id: number }>(
  db,
  sql`insert into ai_categories (device_id, name) values (${DEVICE}, 'Bench versions') returning id`,
);
await seedLargeTopics(db, DEVICE, category!.id, TOPICS, 'Version topic');
const [probe] = await queryRows<{ id: number; text: string }>(
  db,
  sql`select t.id, k.text from ai_topics t join ai_keywords k on k.topic_id = t.id
      where t.category_id = ${category!.id} order by t.id limit 1`,
);

async function state() {
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select
      (select count(*) from ai_topics where device_id = ${DEVICE}) as topics,
      (select count(*) from ai_keywords where device_id = ${DEVICE}) as phrases,
      (select count(*) from ai_responses where device_id = ${DEVICE}) as responses,
      (select count(*) from conversations c join ai_topics t on t.id = c.intent_id
        where t.device_id = ${DEVICE} and c.acquire like 'question %') as links`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const started = performance.now();
  const res = await app.inject({ method, url: `/admin_panel${url}`, headers, ...(payload && { payload }) });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return { ms, data: res.json().data };
}

const key = (await call('POST', '/admin_settings/devices/key', { id: DEVICE })).data.device_key as string;
const kiosk = (url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/device_api/v1${url}`,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });
const session = (await kiosk('/sessions', { language: 'english' })).json().data.session_id as string;
/** From now until a kiosk question is answered with `name` (the new version's matcher in use). */
async function untilAnswered(name: string) {
  const started = performance.now();
  for (;;) {
    const answer = (
      await kiosk('/ask', { session_id: session, text: probe!.text, language: 'english' })
    ).json().data;
    if (!answer.fallback && answer.intent?.name === name) return performance.now() - started;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const runs = {
  overviewOff: [],
  publish: [],
  answered: [],
  overviewLive: [],
  republish: [],
  restore: [],
} as Record<string, number[]>;
// The draft's own matcher built first, as on a running server (the start warms it).
console.log(`draft's first matcher build: ${(await untilAnswered('Version topic 1')).toFixed(0)} ms`);
const before = await state();
console.log('before:', JSON.stringify(before));
let failed = false;
for (let i = 0; i < N; i++) {
  runs.overviewOff!.push((await call('GET', `/ai_config/versions?device_id=${DEVICE}`)).ms);
  const first = await call('POST', '/ai_config/versions', { device_id: DEVICE, note: `Bench ${i}` });
  runs.publish!.push(first.ms);
  runs.answered!.push(await untilAnswered('Version topic 1'));
  runs.overviewLive!.push((await call('GET', `/ai_config/versions?device_id=${DEVICE}`)).ms);
  await call('PUT', '/ai_config/intents/intent_title', {
    device_id: DEVICE,
    id: probe!.id,
    name: `Renamed ${i}`,
  });
  runs.republish!.push((await call('POST', '/ai_config/versions', { device_id: DEVICE })).ms);
  await untilAnswered(`Renamed ${i}`);
  runs.restore!.push(
    (await call('POST', `/ai_config/versions/${first.data.id}/restore`, { device_id: DEVICE })).ms,
  );
  await untilAnswered('Version topic 1');
  const after = await state();
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    failed = true;
    console.log(`after restore ${JSON.stringify(after)}`);
  }
  await app.inject({
    method: 'DELETE',
    url: `/admin_panel/ai_config/versions/live?device_id=${DEVICE}`,
    headers,
  });
}
const [size] = await queryRows<{ bytes: string }>(
  db,
  sql`select max(pg_column_size(image)) as bytes from ai_versions where device_id = ${DEVICE}`,
);
for (const [name, list] of Object.entries(runs))
  console.log(
    `${name.padEnd(13)} ${median(list).toFixed(0)} ms (runs: ${list.map((m) => m.toFixed(0)).join(', ')})`,
  );
console.log(`a version of ${TOPICS} topics: ${(Number(size!.bytes) / 1e6).toFixed(1)} MB stored`);
console.log(
  failed
    ? 'a restore did NOT put everything back'
    : 'every restore put back all topics, phrases, responses and links',
);
await bench.close();
process.exit(failed ? 1 : 0);
