/**
 * What the audit trail costs. (1) A change through the admin API: 200 topic updates (PUT
 * /ai_config/intents/intent) timed end to end, as the hook records each; the hook's own work in the
 * request (reading the route, the input and the answer) timed alone; and the insert it starts after
 * the answer, timed as 200 inserts of the same row. (2) The list on a large trail: 100,000 events
 * (BENCH_EVENTS) over a year, 3 devices, 6 users, written with SQL; then each filter below asked
 * BENCH_N times (default 20) through `app.inject`: GET /audit?… as the console asks.
 *
 * Run: npx tsx bench/audit.ts                  (PGlite in a temp dir)
 *      DATABASE_URL=postgres://…/fresh_db npx tsx bench/audit.ts   (a fresh, empty database)
 */
import { sql } from 'drizzle-orm';
import { auditEvents } from '../apps/server/src/db/schema.js';
import { describeRequest } from '../apps/server/src/modules/audit/actions.js';
import { BENCH_ADMIN, benchApp } from './support.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const N = Number(process.env.BENCH_N ?? 20);
const UPDATES = 200;
const DEVICE = 1;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `p50=${pct(s, 50).toFixed(2)} ms p95=${pct(s, 95).toFixed(2)} ms`;
};

const bench = await benchApp();
const { app, database } = bench;
console.log(`database: ${database.kind}, node ${process.version}`);
const login = (await app.inject({ method: 'POST', url: '/admin_panel/login', payload: BENCH_ADMIN })).json()
  .data;
const headers = { access_token: login.access_token, auth_project_id: String(login.auth_project_id) };
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await app.inject({ method, url: `/admin_panel${url}`, headers, ...(payload && { payload }) });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

// (1) A change with its record.
const category = (await call('POST', '/ai_config/intents/category', { device_id: DEVICE, name: 'Bench' }))
  .data;
const topic = (
  await call('POST', '/ai_config/intents/intent', {
    device_id: DEVICE,
    name: 'Bench topic',
    category_id: category.category_id,
  })
).data;
const update = (i: number) =>
  call('PUT', '/ai_config/intents/intent', { device_id: DEVICE, id: topic.id, is_activated: i % 2 === 0 });
for (let i = 0; i < 20; i++) await update(i);
const updates: number[] = [];
const t0 = performance.now();
for (let i = 0; i < UPDATES; i++) {
  const t = performance.now();
  await update(i);
  updates.push(performance.now() - t);
}
const updatesTotal = performance.now() - t0;
console.log(`${UPDATES} topic updates, recorded: ${updatesTotal.toFixed(0)} ms (${summary(updates)} each)`);

const input = {
  method: 'PUT',
  params: {},
  query: {},
  body: { device_id: DEVICE, id: topic.id, is_activated: true },
  answer: JSON.parse(
    JSON.stringify({ data: { id: topic.id, intent_name: 'Bench topic', category_name: 'Bench' } }),
  ).data,
};
const describeRounds = 100_000;
const d0 = performance.now();
for (let i = 0; i < describeRounds; i++) describeRequest('topic.update', input);
console.log(
  `the hook's work in the request: ${(((performance.now() - d0) / describeRounds) * 1000).toFixed(2)} µs`,
);

const inserts: number[] = [];
const i0 = performance.now();
for (let i = 0; i < UPDATES; i++) {
  const t = performance.now();
  await database.db.insert(auditEvents).values({
    projectId: login.project_id,
    deviceId: DEVICE,
    actor: 'admin',
    actorId: login.user_id,
    actorRole: 3,
    action: 'topic.update',
    targetType: 'topic',
    targetId: String(topic.id),
    targetName: 'Bench topic',
    detail: { fields: ['is_activated'], values: { is_activated: true } },
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  inserts.push(performance.now() - t);
}
console.log(
  `${UPDATES} audit inserts alone: ${(performance.now() - i0).toFixed(0)} ms (${summary(inserts)} each)`,
);

// (2) The list on a large trail.
const s0 = performance.now();
await database.db.execute(sql`
  insert into audit_events (project_id, device_id, actor, actor_id, actor_role, action, target_type, target_id,
    target_name, detail, ip, user_agent, created_at)
  select ${login.project_id}, 1 + i % 3, (array['admin','mary','wong','chan','lee','ho'])[1 + i % 6], null, 3,
    (array['topic.update','topic.create','keyword.create','response.update','location.update','user.role_change',
      'auth.sign_in','device.key_rotate','event.update','unit.update'])[1 + i % 10],
    'topic', (i % 5000)::text,
    case when i % 100 = 0 then '開放時間 ' || i else 'Topic ' || i end,
    jsonb_build_object('fields', jsonb_build_array('is_activated'), 'values', jsonb_build_object('is_activated', i % 2 = 0)),
    '10.0.0.' || (i % 250), 'Mozilla/5.0 bench',
    now() - make_interval(secs => (i::double precision / ${EVENTS}) * 365 * 86400)
  from generate_series(1, ${EVENTS}) i`);
await database.db.execute(sql`analyze audit_events`);
console.log(`${EVENTS} events written in ${((performance.now() - s0) / 1000).toFixed(1)} s`);

const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
// The console's default range.
const month = new Date(Date.now() - 30 * 86_400_000).toISOString();
const QUERIES: Array<[string, string]> = [
  ['newest 25 (no filter)', ''],
  ['one device', 'device_id=2'],
  ['one user', 'actor=mary'],
  ['action group "topic"', 'action=topic'],
  ['last 7 days', `from=${encodeURIComponent(week)}`],
  ['words "開放"', `q=${encodeURIComponent('開放')}`],
  [
    'words "開放", last 30 days (the console’s default)',
    `q=${encodeURIComponent('開放')}&from=${encodeURIComponent(month)}`,
  ],
  ['user + group + device', 'actor=mary&action=topic&device_id=2'],
  ['page 200 (offset 5,000)', 'offset=5000'],
];
for (const [name, query] of QUERIES) {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const device = query.includes('device_id') ? '' : 'device_id=&';
    const body = await call('GET', `/audit?limit=25&${device}${query}`);
    ms.push(performance.now() - t);
    total = body.total;
  }
  console.log(`list, ${name}: ${total} match, ${summary(ms)}`);
}
const e0 = performance.now();
const csv = await app.inject({ method: 'GET', url: '/admin_panel/audit/export?device_id=', headers });
console.log(
  `CSV export (50,000 rows, ${(csv.rawPayload.length / 1e6).toFixed(1)} MB): ${(performance.now() - e0).toFixed(0)} ms`,
);
await bench.close();
