/**
 * Bulk actions and their undo on a large device: 1,000 topics (BENCH_TOPICS) with 20 phrases and 2
 * responses each and 10,000 conversations naming them, written with SQL; then through `app.inject`
 * as the admin: deactivate all 1,000 (one "all matching" selection) and undo it, move them to another
 * category and undo it, delete them and undo it; then delete the aliases of 1,000 keywords (all a
 * search matches) and undo it. Each step BENCH_N times (default 3); the figure is
 * the median. After every undo the bench checks that everything is back (counts of topics, phrases,
 * responses, conversation links), and exits 1 when it is not.
 *
 * Run: npm run bench:bulk                  (PGlite in a temp dir)
 *      DATABASE_URL=postgres://…/fresh_db npm run bench:bulk   (a fresh, empty database)
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

const [from] = await queryRows<{ id: number }>(
  db,
  sql`insert into ai_categories (device_id, name) values (${DEVICE}, 'Bench bulk') returning id`,
);
const [to] = await queryRows<{ id: number }>(
  db,
  sql`insert into ai_categories (device_id, name) values (${DEVICE}, 'Bench bulk target') returning id`,
);
await seedLargeTopics(db, DEVICE, from!.id, TOPICS, 'Bulk topic');

async function state(category: number) {
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select
      (select count(*) from ai_topics where category_id = ${category}) as topics,
      (select count(*) from ai_topics where category_id = ${category} and is_activated) as active,
      (select count(*) from ai_keywords k join ai_topics t on t.id = k.topic_id where t.category_id = ${category}) as phrases,
      (select count(*) from ai_responses r join ai_topics t on t.id = r.topic_id where t.category_id = ${category}) as responses,
      (select count(*) from conversations c join ai_topics t on t.id = c.intent_id where t.category_id = ${category}) as links`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

async function call(url: string, payload: object) {
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: `/admin_panel${url}`, headers, payload });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return { ms, data: res.json().data };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const before = await state(from!.id);
console.log('before:', JSON.stringify(before));
let failed = false;
for (const step of [
  { action: 'deactivate' },
  { action: 'move', category_id: to!.id },
  { action: 'delete' },
] as const) {
  const act: number[] = [];
  const undo: number[] = [];
  for (let i = 0; i < N; i++) {
    const done = await call('/ai_config/intents/bulk', {
      device_id: DEVICE,
      ...step,
      selection: { all: true, filter: { category_id: from!.id } },
    });
    if (done.data.count !== TOPICS) throw new Error(`${step.action} changed ${done.data.count}`);
    act.push(done.ms);
    const back = await call('/undo', { id: done.data.undo.id });
    undo.push(back.ms);
    const after = await state(from!.id);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      failed = true;
      console.log(`${step.action}: after undo ${JSON.stringify(after)}`);
    }
  }
  console.log(
    `${step.action.padEnd(10)} ${TOPICS} topics: ${median(act).toFixed(0)} ms; undo ${median(undo).toFixed(0)} ms ` +
      `(runs: ${act.map((m) => m.toFixed(0)).join(', ')} / ${undo.map((m) => m.toFixed(0)).join(', ')})`,
  );
}
// The aliases of 1,000 keywords (BENCH_TOPICS): all a search matches deleted in one action, and undone.
await db.execute(sql`
  insert into ai_entities (device_id, keyword, norm, aliases)
  select ${DEVICE}, 'benchkw ' || i, 'benchkw ' || i, jsonb_build_array('benchalias ' || i, 'other ' || i)
  from generate_series(1, ${TOPICS}) i`);
const aliasCount = async () =>
  Number(
    (
      await queryRows<{ n: string }>(
        db,
        sql`select count(*) as n from ai_entities where keyword like 'benchkw %'`,
      )
    )[0]!.n,
  );
{
  const act: number[] = [];
  const undo: number[] = [];
  for (let i = 0; i < N; i++) {
    const done = await call('/ai_config/entities/bulk', {
      device_id: DEVICE,
      action: 'delete',
      selection: { all: true, filter: { search: 'benchalias' } },
    });
    if (done.data.count !== TOPICS) throw new Error(`aliases deleted ${done.data.count}`);
    act.push(done.ms);
    undo.push((await call('/undo', { id: done.data.undo.id })).ms);
    if ((await aliasCount()) !== TOPICS) {
      failed = true;
      console.log(`aliases: after undo ${await aliasCount()}`);
    }
  }
  console.log(
    `${'aliases'.padEnd(10)} ${TOPICS} keywords: ${median(act).toFixed(0)} ms; undo ${median(undo).toFixed(0)} ms ` +
      `(runs: ${act.map((m) => m.toFixed(0)).join(', ')} / ${undo.map((m) => m.toFixed(0)).join(', ')})`,
  );
}
console.log(
  failed
    ? 'undo did NOT restore everything'
    : 'every undo restored all topics, phrases, responses, links and aliases',
);
await bench.close();
process.exit(failed ? 1 : 0);
