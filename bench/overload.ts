/**
 * Overload on the embedded database (issue "Hardening", defect 7): 50 connections at once on a
 * listening server, 42 searching the conversation log over 90 days and 8 asking questions as
 * kiosks, for BENCH_SECONDS (default 20). Per class: answered, refused with 503, client timeouts
 * (10 s), p50 / p99 / max of the answered. Run twice: with load shedding (the default) and
 * without (LOAD_SHEDDING=off), so the figures show what shedding changes.
 * Run: npm run bench:overload (no build needed). DATABASE_URL runs it on PostgreSQL instead.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openAndSeed } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { BENCH_UNTHROTTLED, freePort, freshBenchDatabase } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TIMEOUT_MS = 10_000;
const quiet = { info: () => undefined, warn: () => undefined };
const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface ClassStats {
  ok: number;
  shed: number;
  timeouts: number;
  other: Record<string, number>;
  ms: number[];
}

function call(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method, agent, headers, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

/** The server from its sources in a process of its own, as it runs on a site (the load is not in its loop). */
async function serve(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, DEMO_DATA: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

async function run(shedding: 'on' | 'off') {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-bench-'));
  const store = await freshBenchDatabase('bench_overload');
  const env = {
    DATA_DIR: dir,
    ADMIN_PASSWORD: 'Bench-Passw0rd!',
    DATABASE_URL: store.url,
    LOAD_SHEDDING: shedding,
    ...BENCH_UNTHROTTLED,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
  };
  const database = await openAndSeed(loadConfig(env), quiet);
  // A busy device's log: ROWS questions over 90 days, one in seven about parking.
  await database.db.execute(sql`
    insert into conversations (device_id, at, acquire, reply, language, response_time_ms, status)
    select 1, now() - (g % 90) * interval '1 day' - (g % 720) * interval '1 minute',
           'question ' || g || case when g % 7 = 0 then ' where is the parking' else '' end,
           'answer', 'english', 120, case when g % 8 = 0 then 'fallback' else 'answered' end
    from generate_series(1, ${ROWS}) g`);
  const kind = database.kind;
  await database.close();
  const server = await serve(env);
  const base = server.base;

  const json = async (method: string, p: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { data: Record<string, string> };
  };
  const signIn = await json('POST', '/admin_panel/login', { username: 'admin', password: 'Bench-Passw0rd!' });
  const admin = {
    access_token: signIn.data.access_token!,
    auth_project_id: String(signIn.data.auth_project_id),
  };
  const key = (await json('POST', '/admin_panel/admin_settings/devices/key', { id: 1 }, admin)).data
    .device_key!;
  const kiosk = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const session = (await json('POST', '/device_api/v1/sessions', { language: 'english' }, kiosk)).data
    .session_id;

  const end = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const start = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const searchUrl = `${base}/admin_panel/conversation?device_ids=1&start_datetime=${start}&end_datetime=${end}&search=parking`;
  const classes: Record<'search' | 'ask', ClassStats> = {
    search: { ok: 0, shed: 0, timeouts: 0, other: {}, ms: [] },
    ask: { ok: 0, shed: 0, timeouts: 0, other: {}, ms: [] },
  };
  const stopAt = Date.now() + SECONDS * 1000;
  const loop = async (kind: 'search' | 'ask') => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const s = classes[kind];
    while (Date.now() < stopAt) {
      const t0 = performance.now();
      try {
        const status =
          kind === 'search'
            ? await call(agent, searchUrl, 'GET', admin)
            : await call(
                agent,
                `${base}/device_api/v1/ask`,
                'POST',
                kiosk,
                JSON.stringify({ session_id: session, text: 'where is the parking', language: 'english' }),
              );
        if (status === 200) {
          s.ok++;
          s.ms.push(performance.now() - t0);
        } else if (status === 503) {
          s.shed++;
          // What a client does with Retry-After: wait before trying again.
          await new Promise((r) => setTimeout(r, 500));
        } else s.other[status] = (s.other[status] ?? 0) + 1;
      } catch (e) {
        const code = (e as { code?: string }).code ?? 'error';
        if (code === 'TIMEOUT') s.timeouts++;
        else s.other[code] = (s.other[code] ?? 0) + 1;
      }
    }
    agent.destroy();
  };
  await Promise.all([
    ...Array.from({ length: 42 }, () => loop('search')),
    ...Array.from({ length: 8 }, () => loop('ask')),
  ]);
  for (const [name, s] of Object.entries(classes)) {
    const sorted = s.ms.sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${shedding} | ${name} | ${s.ok} (${(s.ok / SECONDS).toFixed(0)}/s) | ` +
        `${s.shed} | ${s.timeouts} | ${JSON.stringify(s.other)} | ` +
        `${pct(sorted, 50).toFixed(0)} / ${pct(sorted, 99).toFixed(0)} / ${(sorted.at(-1) ?? NaN).toFixed(0)} ms |`,
    );
  }
  await server.stop();
  await store.drop();
  await fs.rm(dir, { recursive: true, force: true });
}

console.log(`${ROWS.toLocaleString('en')} conversations; 42 search + 8 ask connections for ${SECONDS} s`);
console.log('| database | shedding | class | answered | 503 | timeouts (10 s) | other | p50 / p99 / max |');
console.log('|---|---|---|---|---|---|---|---|');
const modes = (process.env.BENCH_MODES ?? 'on,off').split(',') as ('on' | 'off')[];
for (const mode of modes) await run(mode);
