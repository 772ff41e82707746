/**
 * What search everywhere (Ctrl+K) costs on a large device: 2,000 topics, 40,000 keywords and phrases
 * (BENCH_PHRASES), 10,000 responses, 2,000 locations and 2,000 directory units, written with SQL;
 * then each query below is asked BENCH_N times (default 30) through `app.inject` as the admin, as
 * the console asks after a pause in typing: GET /search?device_id&q. Words found everywhere, rare
 * ones, Chinese of both scripts, one letter.
 *
 * Run: npm run bench:search                  (PGlite in a temp dir)
 *      DATABASE_URL=postgres://…/fresh_db npm run bench:search   (a fresh, empty database)
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.js';
import { BENCH_ADMIN, benchApp } from './support.js';

const PHRASES = Number(process.env.BENCH_PHRASES ?? 40_000);
const TOPICS = 2_000;
const N = Number(process.env.BENCH_N ?? 30);
const DEVICE = 1;
const QUERIES = ['parking', 'topic 1234', '停車場', '停车', 'zzz-none', 'a', '洗手間'];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const bench = await benchApp();
const { app, database } = bench;
console.log(`database: ${database.kind}, node ${process.version}, ${TOPICS} topics, ${PHRASES} phrases`);
const login = (await app.inject({ method: 'POST', url: '/admin_panel/login', payload: BENCH_ADMIN })).json()
  .data;
const headers = { access_token: login.access_token, auth_project_id: String(login.auth_project_id) };

const started = performance.now();
const [category] = await queryRows<{ id: number }>(
  database.db,
  sql`insert into ai_categories (device_id, name) values (${DEVICE}, 'Bench search') returning id`,
);
await database.db.execute(sql`
  insert into ai_topics (device_id, category_id, name, remarks)
  select ${DEVICE}, ${category!.id}, 'Bench topic ' || i, case when i % 50 = 0 then 'about parking' else '' end
  from generate_series(1, ${TOPICS}) i`);
await database.db.execute(sql`
  insert into ai_keywords (topic_id, device_id, language, kind, text, norm)
  select t.id, ${DEVICE}, case when i % 2 = 0 then 'english' else 'cantonese' end, 'phrase',
    case when i % 2 = 0 then 'where is the parking for visitor ' || i else '停車場喺邊度 ' || i end,
    case when i % 2 = 0 then 'where is the parking for visitor ' || i else '停车场喺边度 ' || i end
  from generate_series(1, ${PHRASES}) i
  join ai_topics t on t.device_id = ${DEVICE} and t.name = 'Bench topic ' || (1 + i % ${TOPICS})`);
await database.db.execute(sql`
  insert into ai_responses (topic_id, device_id, language, device_type, response_aim, response_type, speech, contents)
  select t.id, ${DEVICE}, 'english', 'ambassador', 'give_info', 'text', '',
    jsonb_build_array(jsonb_build_object('type', 'text', 'values', jsonb_build_array('The car park is on B' || (i % 5) || ', open 24 hours.')))
  from generate_series(1, ${TOPICS * 5}) i
  join ai_topics t on t.device_id = ${DEVICE} and t.name = 'Bench topic ' || (1 + i % ${TOPICS})`);
await database.db.execute(sql`
  insert into locations (device_id, name, aliases)
  select ${DEVICE}, 'Shop ' || i, array['店舖 ' || i] from generate_series(1, 2000) i`);
await database.db.execute(sql`
  insert into directory_units (device_id, unit_no) select ${DEVICE}, 'G' || i from generate_series(1, 2000) i`);
await database.db.execute(sql`
  insert into directory_unit_texts (unit_id, language, name)
  select id, 'english', 'Tenant of ' || unit_no from directory_units where device_id = ${DEVICE}`);
await database.db.execute(sql`analyze`);
console.log(`written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

for (const q of QUERIES) {
  const ms: number[] = [];
  let hits = 0;
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/admin_panel/search?device_id=${DEVICE}&q=${encodeURIComponent(q)}`,
      headers,
    });
    ms.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
    hits = res.json().data.hits.length;
  }
  const s = ms.sort((a, b) => a - b);
  console.log(`search "${q}": ${hits} hits, p50=${pct(s, 50).toFixed(1)} ms p95=${pct(s, 95).toFixed(1)} ms`);
}
await bench.close();
