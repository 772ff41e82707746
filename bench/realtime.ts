/**
 * Incoming call → banner event: the time from a kiosk's POST /device_api/v1/calls to the
 * `new_call` event arriving at each signed-in console, with CONSOLES consoles spread over two
 * server processes that share one PostgreSQL and one Redis (the socket.io Redis adapter). The
 * kiosk calls through instance A; half the consoles listen on B.
 *
 * Run: npm run bench:realtime (after npm run build). Needs PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { jsonCall, spawnBuiltServer } from './support.js';

const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 200);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Bench-Passw0rd!';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const dbName = `ac_bench_rt_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: BASE_DB });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(BASE_DB);
dbUrl.pathname = `/${dbName}`;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-bench-rt-'));
const sockets: Socket[] = [];
const instances: ChildProcess[] = [];
try {
  // A first, alone, so the migrations run once; then B on the same database.
  const env = { DATABASE_URL: dbUrl.toString(), REDIS_URL, DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD };
  const a = await spawnBuiltServer(env);
  instances.push(a.child);
  const b = await spawnBuiltServer(env);
  instances.push(b.child);
  const session = await jsonCall<{ access_token: string; auth_project_id: number }>(
    a.url,
    'POST',
    '/admin_panel/login',
    { username: 'admin', password: PASSWORD },
  );
  const headers = { access_token: session.access_token, auth_project_id: String(session.auth_project_id) };
  const created = await jsonCall<{ device_key: string }>(
    a.url,
    'POST',
    '/admin_panel/admin_settings/devices',
    { description: 'Bench kiosk', kind: 'ambassador', languages: ['english'] },
    headers,
  );
  const deviceKey: string = created.device_key;

  // CONSOLES signed-in consoles (tabs of the one admin), alternating between the instances.
  const received = new Map<string, number[]>();
  let t0 = 0;
  await Promise.all(
    Array.from(
      { length: CONSOLES },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const socket = io(i % 2 === 0 ? a.url : b.url, {
            path: '/realtime',
            transports: ['websocket'],
            auth: {
              token: session.access_token,
              project_id: session.auth_project_id,
              client_id: `bench-${i}`,
              username: 'admin',
            },
          });
          socket.on('event', (event: { name: string; real_session_id: string }) => {
            if (event.name !== 'new_call') return;
            const list = received.get(event.real_session_id) ?? [];
            list.push(performance.now() - t0);
            received.set(event.real_session_id, list);
          });
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
          sockets.push(socket);
        }),
    ),
  );
  console.log(
    `${CONSOLES} consoles connected (${CONSOLES / 2} on each of two instances), node ${process.version}`,
  );
  await new Promise((r) => setTimeout(r, 500));

  const kioskHeaders = { authorization: `Bearer ${deviceKey}` };
  const perCall: number[] = [];
  const all: number[] = [];
  for (let n = 0; n < CALLS; n++) {
    t0 = performance.now();
    const started = await jsonCall<{ call: { real_session_id: string } }>(
      a.url,
      'POST',
      '/device_api/v1/calls',
      { language: 'english' },
      kioskHeaders,
    );
    const id = started.call.real_session_id;
    const deadline = Date.now() + 5_000;
    while ((received.get(id)?.length ?? 0) < CONSOLES && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 2));
    const times = received.get(id) ?? [];
    if (times.length < CONSOLES)
      throw new Error(`call ${n}: only ${times.length}/${CONSOLES} consoles got the banner`);
    all.push(...times);
    perCall.push(Math.max(...times));
    await jsonCall(a.url, 'POST', `/device_api/v1/calls/${id}/end`, {}, kioskHeaders);
    await new Promise((r) => setTimeout(r, 20));
  }
  const s = [...all].sort((x, y) => x - y);
  const last = [...perCall].sort((x, y) => x - y);
  console.log(
    `call → new_call at each console: n=${s.length} p50=${pct(s, 50).toFixed(1)} ms p95=${pct(s, 95).toFixed(1)} ms max=${s.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `call → last of ${CONSOLES} consoles: n=${last.length} p50=${pct(last, 50).toFixed(1)} ms p95=${pct(last, 95).toFixed(1)} ms (budget 200 ms p95)`,
  );
} finally {
  for (const socket of sockets) socket.disconnect();
  for (const child of instances) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1_000));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await fs.rm(dataDir, { recursive: true, force: true });
}
