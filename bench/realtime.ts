/**
 * Incoming call → banner event: the time from a kiosk's POST /device_api/v1/calls to the
 * `new_call` event arriving at each signed-in console, with CONSOLES consoles spread over two
 * server processes that share one PostgreSQL and one Redis (the socket.io Redis adapter). The
 * kiosk calls through instance A; half the consoles listen on B.
 *
 * Run: npm run bench:realtime (after npm run build). Needs PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';

const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 200);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Bench-Passw0rd!';
const root = path.resolve(import.meta.dirname, '..');

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startInstance(
  databaseUrl: string,
  dataDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('instance did not start');
}

async function call(
  url: string,
  method: string,
  p: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few fields of several shapes
  const json = (await res.json()) as { data: any; message: string };
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${json.message}`);
  return json.data;
}

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
  const a = await startInstance(dbUrl.toString(), dataDir);
  instances.push(a.child);
  const b = await startInstance(dbUrl.toString(), dataDir);
  instances.push(b.child);
  const session = await call(a.url, 'POST', '/admin_panel/login', { username: 'admin', password: PASSWORD });
  const headers = { access_token: session.access_token, auth_project_id: String(session.auth_project_id) };
  const created = await call(
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
    const started = await call(a.url, 'POST', '/device_api/v1/calls', { language: 'english' }, kioskHeaders);
    const id: string = started.call.real_session_id;
    const deadline = Date.now() + 5_000;
    while ((received.get(id)?.length ?? 0) < CONSOLES && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 2));
    const times = received.get(id) ?? [];
    if (times.length < CONSOLES)
      throw new Error(`call ${n}: only ${times.length}/${CONSOLES} consoles got the banner`);
    all.push(...times);
    perCall.push(Math.max(...times));
    await call(a.url, 'POST', `/device_api/v1/calls/${id}/end`, {}, kioskHeaders);
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
