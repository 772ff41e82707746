/**
 * A device ask against the cheapest route, with wrk (an HTTP load generator in C, so the client
 * costs the server nothing but its CPU core): `GET /readyz` (one `select 1`) and then
 * `POST /device_api/v1/ask` (1,000 topics × 10 phrases, sentence encoder off), each for
 * `wrk -t1 -c8 -d15s`, on the built server in its own process on PostgreSQL. Prints both req/s,
 * the ask's share of the one-SELECT route, and p50/p99 (bench/wrk/README.md).
 *
 * Run: npm run build && npm run bench:ask-wrk. DATABASE_URL (default the local server's `postgres`
 * database): a fresh database is made on it and dropped afterwards. RUNS (1): pairs measured.
 * DURATION (15s). PROFILE=dir: the server runs with --cpu-prof into dir, and the top self-time
 * functions are printed after it stops.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openAndSeed } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { createDevicesRepo, createDevicesService } from '../apps/server/src/modules/devices/index.js';
import { syntheticTopics } from '../apps/server/src/test/matcher-topics.js';
import {
  BENCH_ADMIN,
  BENCH_UNTHROTTLED,
  freshBenchDatabase,
  jsonCall,
  spawnBuiltServer,
  writeTopics,
} from './support.js';

const TOPICS = 1000;
const DEVICE = 1;
const RUNS = Number(process.env.RUNS ?? 1);
const DURATION = process.env.DURATION ?? '15s';
const here = path.dirname(fileURLToPath(import.meta.url));
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const run = promisify(execFile);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-ask-wrk-'));
const database = await freshBenchDatabase('bench_ask_wrk');

// The database migrated and seeded, the device's topics written and its key issued, before the server starts.
const seeded = await openAndSeed(
  loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: BENCH_ADMIN.password, DATABASE_URL: database.url }),
  { info: () => undefined, warn: () => undefined },
);
const topics = syntheticTopics(TOPICS, 10);
await writeTopics(seeded.db, DEVICE, topics);
const key = (
  await createDevicesService({ repo: createDevicesRepo(seeded.db), clock: systemClock }).issueToolKey(DEVICE)
).key;
await seeded.close();

// Trained phrases with one word dropped (near the training, not equal), plain words only (ask.lua).
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const questions = Array.from({ length: 500 }, () => {
  const topic = topics[Math.floor(random() * topics.length)]!;
  const words = topic.examples[Math.floor(random() * topic.examples.length)]!.text.split(' ');
  words.splice(Math.floor(random() * words.length), 1);
  return words.join(' ').replace(/[^\p{L}\p{N} ]/gu, '') || 'hello';
});
const questionsFile = path.join(dir, 'questions.txt');
await fs.writeFile(questionsFile, questions.join('\n') + '\n');

const profileDir = process.env.PROFILE ? path.resolve(process.env.PROFILE) : null;
const server = await spawnBuiltServer(
  {
    DATA_DIR: dir,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    DATABASE_URL: database.url,
    EMBEDDINGS: 'none',
    ...BENCH_UNTHROTTLED,
  },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);

/** wrk's figures: requests per second, p50 and p99 in ms, and answers that were not 2xx. */
interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Transactions the database committed meanwhile. */
  statements: number;
}

const toMs = (text: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text)!;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'];
};

/** Transactions committed in the bench's database so far (each statement outside one is one). */
async function commits() {
  // An idle connection reports its statistics within 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL).
  await new Promise((r) => setTimeout(r, 11_000));
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string }>(
      'select xact_commit as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]!.n);
  } finally {
    await c.end();
  }
}

async function wrk(url: string, script?: string): Promise<Measure> {
  const before = await commits();
  const args = ['-t1', '-c8', `-d${DURATION}`, '--latency', ...(script ? ['-s', script] : []), url];
  const { stdout } = await run('wrk', args, {
    env: { ...process.env, ASK_KEY: key, ASK_SESSION: session, ASK_QUESTIONS: questionsFile },
  });
  const line = (re: RegExp) => re.exec(stdout)?.[1];
  const requests = Number(line(/(\d+) requests in/));
  return {
    rps: Number(line(/Requests\/sec:\s+([\d.]+)/)),
    p50: toMs(line(/^\s+50%\s+(\S+)/m)!),
    p99: toMs(line(/^\s+99%\s+(\S+)/m)!),
    errors: Number(line(/Non-2xx or 3xx responses:\s+(\d+)/) ?? 0),
    requests,
    // Less the reading of the count itself (one transaction); the server's background work is in it too.
    statements: (await commits()) - before - 1,
  };
}

const ask = `${server.url}/device_api/v1/ask`;
const auth = { authorization: `Bearer ${key}` };
let session = '';
/** When the asks ran, in µs of the monotonic clock (the one a CPU profile's samples are timed on, in any process). */
const askWindows: [number, number][] = [];
try {
  session = (
    await jsonCall<{ session_id: string }>(
      server.url,
      'POST',
      '/device_api/v1/sessions',
      { language: 'english' },
      auth,
    )
  ).session_id;
  // The first ask builds the device's matcher; it is not measured.
  const first = await jsonCall<{ fallback: boolean }>(
    server.url,
    'POST',
    '/device_api/v1/ask',
    { session_id: session, text: topics[0]!.examples[0]!.text, language: 'english' },
    auth,
  );
  if (first.fallback) throw new Error('the warm-up question was not answered by its topic');

  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const f = (x: number) => x.toFixed(2);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, ${TOPICS} topics, wrk -t1 -c8 -d${DURATION}`,
  );
  for (let i = 1; i <= RUNS; i++) {
    const loadBefore = load();
    const ready = await wrk(`${server.url}/readyz`);
    const from = process.hrtime.bigint() / 1000n;
    const asked = await wrk(ask, path.join(here, 'wrk/ask.lua'));
    askWindows.push([Number(from), Number(process.hrtime.bigint() / 1000n)]);
    console.log(
      `run ${i} (load ${loadBefore}): /readyz ${ready.rps.toFixed(0)} req/s p50 ${f(ready.p50)} ms p99 ${f(ready.p99)} ms | ` +
        `ask ${asked.rps.toFixed(0)} req/s p50 ${f(asked.p50)} ms p99 ${f(asked.p99)} ms | ` +
        `ask/readyz ${((asked.rps / ready.rps) * 100).toFixed(1)}% | statements per request: readyz ` +
        `${(ready.statements / ready.requests).toFixed(2)}, ask ${(asked.statements / asked.requests).toFixed(2)}` +
        (ready.errors + asked.errors > 0
          ? ` | not answered: readyz ${ready.errors}, ask ${asked.errors}`
          : ''),
    );
  }
  // Every answered ask is a conversation row (the log is written before the answer).
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  const { rows } = await c.query<{ n: string }>('select count(*) as n from conversations');
  await c.end();
  console.log(`conversation rows: ${rows[0]!.n}`);
} finally {
  await server.stop();
  if (profileDir) await printProfile(profileDir);
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
}

/** The newest profile in `dir`: the functions with the most self time while the asks ran (idle apart). */
async function printProfile(from: string) {
  const files = (await fs.readdir(from)).filter((n) => n.endsWith('.cpuprofile'));
  const stats = await Promise.all(
    files.map(async (n) => ({ n, t: (await fs.stat(path.join(from, n))).mtimeMs })),
  );
  const newest = stats.sort((a, b) => b.t - a.t)[0];
  if (!newest) return console.log(`no profile in ${from}`);
  const profile = JSON.parse(await fs.readFile(path.join(from, newest.n), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    startTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const frame = byNode.get(id)!;
    if (frame.functionName === '(idle)' || !askWindows.some(([a, b]) => at >= a && at <= b)) return;
    const where = frame.url
      ? ` ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\//, '')}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    const us = profile.timeDeltas[i] ?? 0;
    self.set(name, (self.get(name) ?? 0) + us);
    busy += us;
  });
  console.log(`profile ${newest.n}: ${(busy / 1e6).toFixed(1)} s busy during the asks; top self time:`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
}
