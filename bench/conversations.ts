/**
 * Conversation review, dashboard and export at volume (issue "Devices talk"): with 1,000,000
 * conversation rows on PostgreSQL, every filter / sort / page of the list should answer in p95 ≤
 * 50 ms at the API, every dashboard call in p95 ≤ 100 ms, and an export of all rows should keep the
 * server's RSS ≤ 300 MB. PGlite gets the same measurements with 100,000 rows.
 *
 * Data: written directly with SQL (`insert … select … from generate_series`), one statement per
 * day, in one transaction with a fixed random seed. Sending a million questions through the
 * device API would take hours and measure the matcher, not the review. Shape of the log:
 *   - the seeded demo project's 3 devices: Main Lobby 90 %, North Wing 5 %, Website Chatbot 5 %
 *     (the review's worst case is the busy device);
 *   - 365 days ending yesterday (Hong Kong time), weekends 1.5× a weekday, traffic growing
 *     from 0.8× to 1.2× over the year; opening hours 10:00–22:00 with a peak mid-afternoon;
 *   - visitor sessions: 15 % ask nothing, the rest 1–5 questions, 20–80 s apart; 3 % never ended;
 *   - 12 % fallback (no intent, no category); answered questions go to 30 real topics per device
 *     (ai_topics / ai_categories rows, 8 categories) with a skewed share: the top topic ≈ 21 %, the
 *     top 10 ≈ 61 %, the last ≈ 1.5 %;
 *   - English 55 %, Cantonese (Traditional Chinese) 30 %, Mandarin (Simplified) 15 %, with a few
 *     openings per language so texts vary; "parking" and "洗手間" are search words that hit;
 *   - ratings on 30 % (mostly 👍), a comment on 3 %, 3 % bookmarked.
 * Then VACUUM ANALYZE, as autovacuum would have done on a table that grew over a year.
 *
 * Measured in-process through `app.inject` as the admin (like bench/login.ts), ≥ 30 runs per case
 * after warm-up; then the built server is spawned and the whole year is exported over HTTP while
 * its RSS is sampled every 100 ms.
 *
 * Run: npm run bench:conversations                       (PGlite in a temp dir, 100,000 rows)
 *      DATABASE_URL=postgres://… npm run bench:conversations   (creates, then drops, database
 *      bench_conversations on that server; 1,000,000 rows)
 * Env: BENCH_ROWS (row count), BENCH_N (runs per case, default 30), BENCH_BUILD=false (skip the
 *      build before the export), BENCH_KEEP=true (keep the database / data dir for EXPLAIN),
 *      BENCH_REUSE=true (PostgreSQL: reuse a kept bench_conversations instead of regenerating),
 *      BENCH_DB (PostgreSQL: another database name than bench_conversations),
 *      BENCH_EXPORT_ONLY=true (only the export's RSS, no API latencies).
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, inArray, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { CONVERSATION_SORTS } from '@ambassador/contracts';
import { buildApp } from '../apps/server/src/app.js';
import { openAndSeed } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/client.js';
import { aiCategories, aiTopics, conversations, devices } from '../apps/server/src/db/schema.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'Bench-Passw0rd!';
const TZ = 'Asia/Hong_Kong';
const DAYS = 365;
const RUNS = Math.max(30, Number(process.env.BENCH_N ?? 30));
const WARMUP = 3;
const LIST_BUDGET_MS = 50;
const DASHBOARD_BUDGET_MS = 100;
const RSS_BUDGET_MB = 300;
const flag = (name: string) => process.env[name] === 'true' || process.env[name] === '1';
const quiet = { info: () => undefined, warn: () => undefined };

const adminUrl = process.env.DATABASE_URL ?? '';
const onPostgres = adminUrl !== '';
const ROWS = Number(process.env.BENCH_ROWS ?? (onPostgres ? 1_000_000 : 100_000));
const BENCH_DB = process.env.BENCH_DB ?? 'bench_conversations';
const EXPORT_ONLY = process.env.BENCH_EXPORT_ONLY === 'true';

// ------------------------------------------------------------------ the log's vocabulary

const CATEGORIES = [
  'Directions',
  'Transport',
  'Dining',
  'Shopping',
  'Facilities',
  'Events',
  'Services',
  'Small talk',
] as const;
type Category = (typeof CATEGORIES)[number];

/** Most asked first: [name, category, question en / zh-Hant / zh-Hans, answer en / zh-Hant / zh-Hans]. */
// prettier-ignore
const TOPICS: [string, Category, string, string, string, string, string, string][] = [
  ['Restrooms', 'Facilities', 'Where is the restroom?', '洗手間喺邊度？', '洗手间在哪里？',
    'The restrooms are next to the lifts on every floor.', '每層𨋢旁邊都有洗手間。', '每层电梯旁边都有洗手间。'],
  ['Opening hours', 'Services', 'What time do you close today?', '今日幾點關門？', '今天几点关门？',
    'We are open from 10 am to 10 pm every day.', '我哋每日上午十點至晚上十點開放。', '我们每天上午十点至晚上十点开放。'],
  ['Parking', 'Transport', 'Where is the car parking?', '停車場喺邊度？', '停车场在哪里？',
    'Parking is on levels B1 and B2; the first hour is free.', '停車場喺B1同B2層，首小時免費。', '停车场在B1和B2层，首小时免费。'],
  ['Greeting', 'Small talk', 'Hello, how are you?', '你好嗎？', '你好吗？',
    'Hello! I am the lobby ambassador. How can I help?', '你好！我係大堂大使，有咩可以幫到你？', '你好！我是大堂大使，有什么可以帮你？'],
  ['Lifts', 'Directions', 'Where are the lifts?', '𨋢喺邊度？', '电梯在哪里？',
    'The lifts are behind the information counter.', '𨋢喺詢問處後面。', '电梯在服务台后面。'],
  ['Taxi stand', 'Transport', 'Where can I get a taxi?', '邊度可以搭的士？', '哪里可以打车？',
    'The taxi stand is outside the north entrance.', '的士站喺北面入口外面。', '出租车站在北门外。'],
  ['Restaurants', 'Dining', 'Where can I eat?', '邊度有嘢食？', '哪里可以吃饭？',
    'Restaurants are on levels 3 and 4.', '餐廳喺三樓同四樓。', '餐厅在三楼和四楼。'],
  ['Wi-Fi', 'Services', 'What is the Wi-Fi password?', 'Wi-Fi密碼係咩？', 'Wi-Fi密码是什么？',
    'Join "Guest": no password is needed.', '連接「Guest」就得，唔使密碼。', '连接“Guest”即可，不需要密码。'],
  ['MTR station', 'Directions', 'How do I get to the MTR station?', '點樣去港鐵站？', '怎么去地铁站？',
    'Take exit B and walk five minutes to the MTR station.', '由B出口行五分鐘就到港鐵站。', '从B出口步行五分钟到地铁站。'],
  ['Coffee', 'Dining', 'Is there a coffee shop?', '有冇咖啡店？', '有咖啡店吗？',
    'There is a coffee shop on the ground floor near the main entrance.', '地下正門附近有咖啡店。', '一楼正门附近有咖啡店。'],
  ['Lost property', 'Services', 'I lost my bag, what should I do?', '我唔見咗個袋，點算？', '我的包丢了，怎么办？',
    'Please go to the information counter; lost property is kept there.', '請去詢問處，失物會喺嗰度保管。', '请到服务台，失物在那里保管。'],
  ['Events today', 'Events', 'What events are on today?', '今日有咩活動？', '今天有什么活动？',
    'Today there is a craft market in the atrium from 2 pm.', '今日下晝兩點起中庭有手作市集。', '今天下午两点起中庭有手作市集。'],
  ['ATM', 'Services', 'Where is the nearest ATM?', '最近嘅提款機喺邊？', '最近的取款机在哪里？',
    'ATMs are next to the bank on level 1.', '提款機喺一樓銀行隔籬。', '取款机在一楼银行旁边。'],
  ['Baby care room', 'Facilities', 'Is there a baby care room?', '有冇育嬰室？', '有育婴室吗？',
    'The baby care room is on level 2 next to the restrooms.', '育嬰室喺二樓洗手間隔籬。', '育婴室在二楼洗手间旁边。'],
  ['Sports shops', 'Shopping', 'Where is the sports shop?', '運動用品店喺邊？', '运动用品店在哪里？',
    'Sports shops are on level 5.', '運動用品店喺五樓。', '运动用品店在五楼。'],
  ['Airport bus', 'Transport', 'Which bus goes to the airport?', '邊架巴士去機場？', '哪路公交车去机场？',
    'Bus A21 to the airport stops outside the east entrance.', '去機場嘅A21巴士喺東面入口外面停。', '去机场的A21路公交车在东门外停靠。'],
  ['Membership', 'Services', 'How do I join the membership?', '點樣登記會員？', '怎么注册会员？',
    'Scan the QR code at any counter to join for free.', '喺任何櫃位掃QR碼就可以免費登記。', '在任何柜台扫二维码即可免费注册。'],
  ['Thanks', 'Small talk', 'Thank you very much', '唔該晒', '非常感谢',
    'You are welcome! Enjoy your visit.', '唔使客氣！祝你玩得開心。', '不客气！祝你玩得开心。'],
  ['Accessibility', 'Facilities', 'Is there wheelchair access?', '有冇輪椅通道？', '有无障碍通道吗？',
    'Every entrance is step-free; wheelchairs can be borrowed at the counter.', '每個入口都有無障礙通道，詢問處可以借輪椅。', '每个入口都有无障碍通道，服务台可以借轮椅。'],
  ['Cinema', 'Events', 'What time is the next movie?', '下一場戲幾點？', '下一场电影几点？',
    'Show times are on the cinema screen on level 6.', '六樓戲院門口有場次表。', '六楼影院门口有场次表。'],
  ['Supermarket', 'Shopping', 'Is there a supermarket?', '有冇超級市場？', '有超市吗？',
    'The supermarket is on level B1.', '超級市場喺B1層。', '超市在B1层。'],
  ['Phone charging', 'Facilities', 'Where can I charge my phone?', '邊度可以叉電？', '哪里可以充电？',
    'Free charging stations are next to the information counter.', '詢問處隔籬有免費充電站。', '服务台旁边有免费充电站。'],
  ['Tax refund', 'Shopping', 'Can I get a tax refund?', '可唔可以退稅？', '可以退税吗？',
    'Hong Kong has no sales tax, so there is nothing to refund.', '香港冇銷售稅，所以唔使退稅。', '香港没有销售税，所以不需要退税。'],
  ['Lockers', 'Facilities', 'Are there lockers?', '有冇儲物櫃？', '有储物柜吗？',
    'Lockers are on level B1 near the supermarket.', '儲物櫃喺B1層超級市場附近。', '储物柜在B1层超市附近。'],
  ['Halal food', 'Dining', 'Is there halal food?', '有冇清真食物？', '有清真食品吗？',
    'A halal restaurant is on level 4.', '四樓有清真餐廳。', '四楼有清真餐厅。'],
  ['Smoking area', 'Facilities', 'Where can I smoke?', '邊度可以食煙？', '哪里可以吸烟？',
    'Smoking is only allowed outside the west entrance.', '只可以喺西面入口外面食煙。', '只能在西门外吸烟。'],
  ['Pets', 'Services', 'Can I bring my dog?', '可唔可以帶狗入嚟？', '可以带狗进来吗？',
    'Only assistance animals are allowed inside.', '只有輔助犬可以入場。', '只有辅助犬可以入场。'],
  ['Weather', 'Small talk', 'Will it rain today?', '今日會唔會落雨？', '今天会下雨吗？',
    'I cannot check the weather, but umbrellas are sold on level 1.', '我查唔到天氣，不過一樓有遮賣。', '我查不到天气，不过一楼有伞卖。'],
  ['Gift wrapping', 'Shopping', 'Do you offer gift wrapping?', '有冇包禮物服務？', '有礼品包装服务吗？',
    'Gift wrapping is free at the customer service counter.', '客戶服務台可以免費包禮物。', '客户服务台可以免费包装礼物。'],
  ['Fireworks', 'Events', 'When are the fireworks?', '幾時有煙花？', '什么时候有烟花？',
    'Fireworks are at 9 pm on public holidays.', '公眾假期晚上九點有煙花。', '公众假期晚上九点有烟花。'],
];

const OPENINGS = {
  english: ['', 'Hi! ', 'Excuse me. ', 'Hello. ', 'Sorry to bother you. '],
  cantonese: ['', '你好，', '唔該，', '請問'],
  mandarin: ['', '你好，', '请问', '麻烦问一下，'],
};
const UNMATCHED = {
  english: [
    'Can you sing a song?',
    'What is the meaning of life?',
    'Do you know my friend Peter?',
    'How old are you?',
  ],
  cantonese: ['你識唔識唱歌？', '今晚食咩好？', '你幾多歲？'],
  mandarin: ['你会唱歌吗？', '股票会涨吗？', '你几岁了？'],
};
const FALLBACK_REPLY = {
  english: 'Sorry, I did not understand. Could you ask in another way?',
  cantonese: '唔好意思，我唔明白，可唔可以換個講法？',
  mandarin: '不好意思，我没听懂，可以换个说法吗？',
};
const COMMENTS = {
  english: ['Very helpful, thanks', 'Not what I asked'],
  cantonese: ['好有用', '答非所問'],
  mandarin: ['很有帮助', '答非所问'],
};

// ------------------------------------------------------------------ helpers

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `YYYY-MM-DD` of `days` after `day`. */
function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const todayInTz = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const LAST_DAY = addDays(todayInTz, -1);
const FIRST_DAY = addDays(LAST_DAY, -(DAYS - 1));

/** A SQL text[] literal of fixed strings (parameters inside `array[...]`). */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;
/** `arr[1 + floor(r * n)]` by a language column. */
function byLanguage(
  lang: SQL,
  r: SQL,
  values: Record<'english' | 'cantonese' | 'mandarin', readonly string[]>,
) {
  const pick = (list: readonly string[]) => sql`(${textArray(list)})[1 + floor(${r} * ${list.length})::int]`;
  return sql`case ${lang} when 'english' then ${pick(values.english)} when 'cantonese' then ${pick(values.cantonese)} else ${pick(values.mandarin)} end`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function rssMb(pid: number): Promise<number | undefined> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------ database

const started = performance.now();
let dataDir: string | undefined;
let databaseUrl = '';
let reuse = false;
if (onPostgres) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount! > 0;
  reuse = exists && flag('BENCH_REUSE');
  if (!reuse) {
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  databaseUrl = url.toString();
} else {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-bench-conv-'));
}

if (!flag('BENCH_BUILD') && process.env.BENCH_BUILD !== undefined) {
  console.log('build skipped (BENCH_BUILD=false): the export uses apps/server/dist as it is');
} else {
  // Built now, so a broken build stops the bench before the long part.
  execSync('npm run build -w packages/contracts && npm run build -w apps/server', {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const config = loadConfig({
  DATA_DIR: dataDir ?? os.tmpdir(),
  ADMIN_PASSWORD,
  DATABASE_URL: databaseUrl,
});
const database = await openAndSeed(config, quiet);
const { db } = database;
const demoDevices = await db
  .select({ id: devices.id, name: devices.description })
  .from(devices)
  .orderBy(devices.id);
if (demoDevices.length < 3) throw new Error('expected the 3 seeded demo devices');
const [LOBBY, NORTH, WEB] = demoDevices.map((d) => d.id) as [number, number, number];

/** Categories and topics per device, then the log day by day in one seeded transaction. */
async function generate(db: Db) {
  const topicRows: SQL[] = [];
  for (const device of [LOBBY, NORTH, WEB]) {
    const cats = await db
      .insert(aiCategories)
      .values(CATEGORIES.map((name) => ({ deviceId: device, name })))
      .returning({ id: aiCategories.id, name: aiCategories.name });
    const catId = new Map(cats.map((c) => [c.name, c.id]));
    const topics = await db
      .insert(aiTopics)
      .values(TOPICS.map(([name, cat]) => ({ deviceId: device, categoryId: catId.get(cat)!, name })))
      .returning({ id: aiTopics.id });
    TOPICS.forEach(([name, cat, qEn, qHant, qHans, aEn, aHant, aHans], rank) =>
      topicRows.push(
        sql`(${device}::int, ${rank}::int, ${topics[rank]!.id}::int, ${name}, ${cat}, ${qEn}, ${qHant}, ${qHans}, ${aEn}, ${aHant}, ${aHans})`,
      ),
    );
  }
  await db.execute(sql`create table bench_topics (device_id int, rank int, topic_id int, name text,
    category text, q_en text, q_hant text, q_hans text, a_en text, a_hant text, a_hans text,
    primary key (device_id, rank))`);
  await db.execute(sql`insert into bench_topics values ${sql.join(topicRows, sql`, `)}`);

  // Rows per day: weekends 1.5×, a trend from 0.8× to 1.2×; rounded on the running sum so they add up.
  const weights = Array.from({ length: DAYS }, (_, i) => {
    const weekday = new Date(`${addDays(FIRST_DAY, i)}T00:00:00Z`).getUTCDay();
    return (weekday === 0 || weekday === 6 ? 1.5 : 1) * (0.8 + (0.4 * i) / (DAYS - 1));
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  const perDay = weights.map((w) => {
    const before = Math.round((sum / totalWeight) * ROWS);
    sum += w;
    return Math.round((sum / totalWeight) * ROWS) - before;
  });

  const t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.4242)`);
    for (let i = 0; i < DAYS; i++) {
      const day = addDays(FIRST_DAY, i);
      const n = perDay[i]!;
      if (n === 0) continue;
      const lang = sql`q.language`;
      await tx.execute(sql`
        with s0 as materialized (
          select g as k, random() as r_dev, random() as r_lang, random() as r_q, random() as r_t1,
            random() as r_t2, random() as r_gap, random() as r_end
          from generate_series(1, ${n}::int) g
        ), s1 as materialized (
          select k, r_end,
            case when r_dev < 0.90 then ${LOBBY}::int when r_dev < 0.95 then ${NORTH}::int else ${WEB}::int end as device_id,
            case when r_lang < 0.55 then 'english' when r_lang < 0.85 then 'cantonese' else 'mandarin' end as language,
            (${day}::date + make_interval(secs => 36000 + 43200 * (r_t1 + r_t2) / 2)) at time zone ${TZ} as started_at,
            make_interval(secs => 20 + 60 * r_gap) as gap,
            case when r_q < 0.15 then 0 when r_q < 0.45 then 1 when r_q < 0.68 then 2
              when r_q < 0.84 then 3 when r_q < 0.94 then 4 else 5 end as q
          from s0
        ), s as materialized (
          -- Sessions until the day's row count is reached; the last one is cut to fit.
          select md5(${day}::text || '/' || k)::uuid as id, device_id, language, started_at, gap, r_end,
            least(q, ${n}::int - (cum - q))::int as q
          from (select *, sum(q) over (order by k) as cum from s1) x
          where cum - q < ${n}::int
        ), sessions as (
          insert into visitor_sessions (id, device_id, language, started_at, last_activity_at, ended_at, questions)
          select id, device_id, language, started_at, started_at + gap * greatest(q - 1, 0),
            case when r_end < 0.03 then null else started_at + gap * greatest(q - 1, 0) + interval '25 seconds' end, q
          from s
        ), q as materialized (
          select s.id as session_id, s.device_id, s.language,
            s.started_at + s.gap * (j - 1) + make_interval(secs => random() * 5) as at,
            random() < 0.12 as fallback, floor(30 * power(random(), 2.2))::int as rank,
            random() as r_var, random() as r_rt, random() as r_score, random() as r_rate,
            random() as r_good, random() as r_bm
          from s cross join generate_series(1, s.q) j
        )
        insert into conversations (device_id, session_id, at, acquire, reply, language, intent_id,
          intent_name, category_name, response_time_ms, score, status, rating, comment, bookmarked)
        select q.device_id, q.session_id, q.at,
          case when q.fallback then ${byLanguage(lang, sql`q.r_var`, UNMATCHED)}
            else ${byLanguage(lang, sql`q.r_var`, OPENINGS)} ||
              case q.language when 'english' then t.q_en when 'cantonese' then t.q_hant else t.q_hans end
          end,
          case when q.fallback then ${byLanguage(lang, sql`0`, {
            english: [FALLBACK_REPLY.english],
            cantonese: [FALLBACK_REPLY.cantonese],
            mandarin: [FALLBACK_REPLY.mandarin],
          })}
            else case q.language when 'english' then t.a_en when 'cantonese' then t.a_hant else t.a_hans end
          end,
          q.language,
          case when q.fallback then null else t.topic_id end,
          case when q.fallback then null else t.name end,
          case when q.fallback then null else t.category end,
          case when q.fallback then (250 + 1200 * q.r_rt)::int else (120 + 900 * q.r_rt * q.r_rt)::int end,
          case when q.fallback then (case when q.r_score < 0.5 then null else q.r_score * 0.3 end)::real
            else (0.55 + 0.44 * q.r_score)::real end,
          case when q.fallback then 'fallback' else 'answered' end,
          case when q.r_rate < 0.30 then
            case when q.r_good < (case when q.fallback then 0.4 else 0.85 end) then 1 else -1 end end::smallint,
          case when q.r_rate < 0.03 then ${byLanguage(lang, sql`(q.r_rate / 0.03)`, COMMENTS)} else '' end,
          q.r_bm < 0.03
        from q join bench_topics t on t.device_id = q.device_id and t.rank = q.rank`);
      if ((i + 1) % 73 === 0) {
        process.stdout.write(`  generated ${i + 1}/${DAYS} days (${seconds(performance.now() - t0)})\n`);
      }
    }
  });
  await db.execute(sql`drop table bench_topics`);
  const t1 = performance.now();
  await db.execute(sql`vacuum analyze conversations`);
  await db.execute(sql`vacuum analyze visitor_sessions`);
  console.log(`generated in ${seconds(t1 - t0)}, vacuum analyze ${seconds(performance.now() - t1)}`);
}

const [{ n: existing } = { n: 0 }] = await db.select({ n: count() }).from(conversations);
if (reuse && existing > 0) {
  console.log(`reusing ${BENCH_DB} with ${existing} conversations (BENCH_REUSE)`);
} else {
  console.log(`generating ${ROWS.toLocaleString('en')} conversations, ${FIRST_DAY} .. ${LAST_DAY} (${TZ})`);
  await generate(db);
}

const [totals] = await db
  .select({
    rows: count(),
    lobby: sql<number>`count(*) filter (where ${conversations.deviceId} = ${LOBBY})`.mapWith(Number),
    fallback: sql<number>`count(*) filter (where ${conversations.status} = 'fallback')`.mapWith(Number),
    rated: sql<number>`count(*) filter (where ${conversations.rating} is not null)`.mapWith(Number),
    bookmarked: sql<number>`count(*) filter (where ${conversations.bookmarked})`.mapWith(Number),
  })
  .from(conversations);
const [{ sessions } = { sessions: 0 }] = await db
  .execute<{ sessions: number }>(sql`select count(*)::int as sessions from visitor_sessions`)
  .then((r) => (r as unknown as { rows: { sessions: number }[] }).rows);
const share = (n: number) => `${((n / totals!.rows) * 100).toFixed(1)} %`;
console.log(
  `database: ${database.kind}, node ${process.version}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n` +
    `rows ${totals!.rows.toLocaleString('en')} (Main Lobby ${share(totals!.lobby)}), ` +
    `visitor sessions ${sessions.toLocaleString('en')}, fallback ${share(totals!.fallback)}, ` +
    `rated ${share(totals!.rated)}, bookmarked ${share(totals!.bookmarked)}`,
);

// ------------------------------------------------------------------ API latency, in-process

const app = await buildApp({ config, database });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/admin_panel/login',
  payload: { username: 'admin', password: ADMIN_PASSWORD },
});
if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
const session = login.json().data;
const headers = { access_token: session.access_token, auth_project_id: String(session.auth_project_id) };

interface Result {
  section: string;
  name: string;
  total: string;
  p50: number;
  p95: number;
  budget: number;
}
const results: Result[] = [];

async function measure(section: string, name: string, url: string, budget: number) {
  if (EXPORT_ONLY) return;
  let total = '';
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    if (i === 0) {
      const body = res.json();
      total =
        body.total !== undefined
          ? String(body.total)
          : Array.isArray(body.data)
            ? `${body.data.length} items`
            : typeof body.data?.conversations === 'number'
              ? String(body.data.conversations)
              : typeof body.data?.sessions === 'number'
                ? `${body.data.sessions} sessions`
                : '';
    }
    if (i >= WARMUP) times.push(ms);
  }
  const sorted = times.sort((a, b) => a - b);
  const r = { section, name, total, p50: pct(sorted, 50), p95: pct(sorted, 95), budget };
  results.push(r);
  console.log(
    `  ${name.padEnd(44)} ${r.total.padStart(11)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms ${r.p95 <= budget ? 'ok' : 'OVER'}`,
  );
}

const range = (days: number) => ({
  start_datetime: addDays(LAST_DAY, -(days - 1)),
  end_datetime: LAST_DAY,
  tz: TZ,
});
const qs = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
const listUrl = (days: number, extra: Record<string, string | number | boolean> = {}) =>
  `/admin_panel/conversation?${qs({
    device_id: LOBBY,
    device_ids: String(LOBBY),
    ...range(days),
    limit: 10,
    offset: 0,
    sort_by: 'datetime',
    order: 'desc',
    ...extra,
  })}`;
const SORTS = CONVERSATION_SORTS;
/** The filters and pages of the review, all on the busy device. */
const FILTERS: [string, Record<string, string | number | boolean>][] = [
  ['page 10', { offset: 90 }],
  ['page 100', { offset: 990 }],
  ['bookmarked', { bookmarked: true }],
  ['fallback', { fallback: true }],
  ['category Dining', { category: 'Dining' }],
  ['category exclude Small talk,Directions', { category: 'Small talk,Directions', exclude: true }],
  ['search "parking"', { search: 'parking' }],
  ['search "洗手間"', { search: '洗手間' }],
  ['two devices', { device_ids: `${LOBBY},${NORTH}` }],
];

console.log(
  `\nGET /conversation, Main Lobby, last 7 days (budget p95 ≤ ${LIST_BUDGET_MS} ms, ${RUNS} runs each)`,
);
await measure('list 7 days', 'no filter (datetime desc, page 1)', listUrl(7), LIST_BUDGET_MS);
for (const sort of SORTS) {
  for (const order of ['asc', 'desc']) {
    if (sort === 'datetime' && order === 'desc') continue;
    await measure(
      'list 7 days',
      `sort ${sort} ${order}`,
      listUrl(7, { sort_by: sort, order }),
      LIST_BUDGET_MS,
    );
  }
}
for (const [name, extra] of FILTERS) await measure('list 7 days', name, listUrl(7, extra), LIST_BUDGET_MS);

console.log('\nGET /conversation, Main Lobby, no filter over longer ranges');
for (const days of [30, 90, DAYS]) {
  await measure('list longer', `no filter, ${days} days`, listUrl(days), LIST_BUDGET_MS);
}

console.log(`\nGET /conversation, Main Lobby, the whole year (${DAYS} days)`);
for (const [sort, order] of [
  ['datetime', 'asc'],
  ['acquire', 'asc'],
  ['intent', 'desc'],
  ['response_time', 'desc'],
  ['device', 'asc'],
]) {
  await measure(
    'list year',
    `sort ${sort} ${order}`,
    listUrl(DAYS, { sort_by: sort!, order: order! }),
    LIST_BUDGET_MS,
  );
}
for (const [name, extra] of FILTERS) await measure('list year', name, listUrl(DAYS, extra), LIST_BUDGET_MS);

console.log(`\nGET /dashboard/*, Main Lobby (budget p95 ≤ ${DASHBOARD_BUDGET_MS} ms)`);
for (const days of [7, 30, 90, DAYS]) {
  for (const call of ['graph', 'conversation_count', 'aet', 'faq']) {
    await measure(
      'dashboard',
      `${call}, ${days} days`,
      `/admin_panel/dashboard/${call}?${qs({ device_id: LOBBY, ...range(days) })}`,
      DASHBOARD_BUDGET_MS,
    );
  }
}

console.log('\nGET /conversation/categories');
await measure(
  'categories',
  'categories, all 3 devices',
  `/admin_panel/conversation/categories?${qs({ device_id: LOBBY, device_ids: `${LOBBY},${NORTH},${WEB}` })}`,
  LIST_BUDGET_MS,
);
await measure(
  'categories',
  'categories, Main Lobby',
  `/admin_panel/conversation/categories?${qs({ device_id: LOBBY, device_ids: String(LOBBY) })}`,
  LIST_BUDGET_MS,
);

// What the export will contain: the whole year, every device.
const allDevices = [LOBBY, NORTH, WEB];
const [{ n: exportRows } = { n: 0 }] = await db
  .select({ n: count() })
  .from(conversations)
  .where(inArray(conversations.deviceId, allDevices));
await app.close();
await database.close(); // PGlite: one process at a time, and the server is next

// ------------------------------------------------------------------ export RSS, built server

console.log(
  `\nGET /conversation/download, whole year, all devices, built server (budget RSS ≤ ${RSS_BUDGET_MB} MB)`,
);
const port = await freePort();
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
  cwd: ROOT,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir ?? os.tmpdir(),
    DEMO_DATA: 'false',
    ADMIN_PASSWORD,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
let exportResult:
  { status: number; bytes: number; ms: number; rssBefore: number; rssPeak: number } | undefined;
try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const signIn = await fetch(`${base}/admin_panel/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`login failed: ${signIn.status} ${await signIn.text()}`);
  const data = ((await signIn.json()) as { data: { access_token: string; auth_project_id: number } }).data;
  const rssBefore = (await rssMb(server.pid!)) ?? NaN;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    void rssMb(server.pid!).then((mb) => {
      if (mb !== undefined && mb > rssPeak) rssPeak = mb;
    });
  }, 100);
  const t0 = performance.now();
  const res = await fetch(
    `${base}/admin_panel/conversation/download?${qs({
      device_id: LOBBY,
      device_ids: allDevices.join(','),
      ...range(DAYS),
    })}`,
    { headers: { access_token: data.access_token, auth_project_id: String(data.auth_project_id) } },
  );
  let bytes = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const last = await rssMb(server.pid!);
  if (last !== undefined && last > rssPeak) rssPeak = last;
  exportResult = { status: res.status, bytes, ms, rssBefore, rssPeak };
} finally {
  server.kill('SIGTERM');
  await exited;
}

// ------------------------------------------------------------------ summary

const e = exportResult!;
const exportOk = e.status === 200 && e.bytes > 0 && e.rssPeak <= RSS_BUDGET_MB;
console.log(
  `  status ${e.status}, rows ${exportRows.toLocaleString('en')}, ${(e.bytes / 1024 / 1024).toFixed(1)} MB, ` +
    `${seconds(e.ms)}, ${Math.round(exportRows / (e.ms / 1000)).toLocaleString('en')} rows/s, ` +
    `RSS before ${e.rssBefore.toFixed(0)} MB, peak ${e.rssPeak.toFixed(0)} MB ` +
    `(+${(e.rssPeak - e.rssBefore).toFixed(0)} MB) ${exportOk ? 'ok' : 'OVER'}`,
);

const over = results.filter((r) => r.p95 > r.budget);
console.log(
  `\nsummary (${database.kind}, ${totals!.rows.toLocaleString('en')} rows): ` +
    `${results.length - over.length}/${results.length} calls within budget; export ${exportOk ? 'within' : 'over'} budget`,
);
for (const section of [...new Set(results.map((r) => r.section))]) {
  const rs = results.filter((r) => r.section === section);
  const bad = rs.filter((r) => r.p95 > r.budget);
  console.log(
    `  ${section.padEnd(12)} ${rs.length - bad.length}/${rs.length} ok, worst p95 ${Math.max(...rs.map((r) => r.p95)).toFixed(1)} ms` +
      (bad.length ? `; over: ${bad.map((r) => `${r.name} (${r.p95.toFixed(0)} ms)`).join(', ')}` : ''),
  );
}
console.log(`total time ${seconds(performance.now() - started)}`);

if (flag('BENCH_KEEP')) {
  console.log(`kept: ${onPostgres ? databaseUrl : dataDir}`);
} else if (onPostgres) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.end();
} else {
  await fs.rm(dataDir!, { recursive: true, force: true });
}
if (e.status !== 200 || e.bytes === 0) process.exitCode = 1;
