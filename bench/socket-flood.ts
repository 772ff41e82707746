/**
 * A kiosk key flooding the realtime channel, beside a calm kiosk asking questions: the calm kiosk's
 * ask and /healthz latencies with no flood, then while FLOOD_SOCKETS sockets of one key send
 * `call:signal` events as fast as they can (reconnecting whenever the server closes them, as an
 * attacker would). Issue 35 wants asks ≤ 50 ms p95 during the flood.
 *
 * Run: npm run build && npm run bench:socket-flood. The built server runs in its own process on
 * PGlite (or DATABASE_URL), with its production defaults (throttles and socket limits on).
 * FLOOD_SOCKETS (10), PHASE_SECONDS (20), ASKS_PER_SECOND (8: under the per-key ask throttle).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REALTIME_PATH, SOCKET } from '@ambassador/contracts';
import { io, type Socket } from 'socket.io-client';
import { BENCH_ADMIN, freshBenchDatabase, jsonCall, spawnBuiltServer } from './support.js';

const FLOOD_SOCKETS = Number(process.env.FLOOD_SOCKETS ?? 10);
const PHASE_MS = Number(process.env.PHASE_SECONDS ?? 20) * 1000;
const ASKS_PER_SECOND = Number(process.env.ASKS_PER_SECOND ?? 8);
/** Events a flooding socket emits per turn of its loop before letting the client's loop breathe. */
const BURST = 100;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-bench-flood-'));
const database = await freshBenchDatabase('bench_flood');
const server = await spawnBuiltServer({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  DATABASE_URL: database.url,
  EMBEDDINGS: process.env.EMBEDDINGS ?? 'none',
});
const url = server.url;
const sockets = new Set<Socket>();
try {
  const session = await jsonCall<{ access_token: string; auth_project_id: number }>(
    url,
    'POST',
    '/admin_panel/login',
    BENCH_ADMIN,
  );
  const admin = { access_token: session.access_token, auth_project_id: String(session.auth_project_id) };
  const call = <T>(method: string, route: string, body?: unknown) =>
    jsonCall<T>(url, method, `/admin_panel${route}`, body, admin);
  const device = async (description: string) =>
    (
      await call<{ device: { id: number }; device_key: string }>('POST', '/admin_settings/devices', {
        description,
        kind: 'ambassador',
        languages: ['english'],
      })
    ).device_key;
  const calmKey = await device('Calm kiosk');
  const floodKey = await device('Flooding kiosk');

  const kiosk = (key: string) => ({ authorization: `Bearer ${key}` });
  const visit = await jsonCall<{ session_id: string }>(
    url,
    'POST',
    '/device_api/v1/sessions',
    { language: 'english' },
    kiosk(calmKey),
  );

  /** The calm kiosk for one phase: asks at its pace and /healthz between, each timed. */
  async function calm(untilMs: number) {
    const asks: number[] = [];
    const health: number[] = [];
    let failed = 0;
    for (let i = 0; performance.now() < untilMs; i++) {
      const started = performance.now();
      try {
        await jsonCall(
          url,
          'POST',
          '/device_api/v1/ask',
          { session_id: visit.session_id, text: `where is the car park ${i}`, language: 'english' },
          kiosk(calmKey),
        );
        asks.push(performance.now() - started);
      } catch {
        failed++;
      }
      const h = performance.now();
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) health.push(performance.now() - h);
      else failed++;
      const next = started + 1000 / ASKS_PER_SECOND;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    return { asks, health, failed };
  }

  /** One attacker socket: emits as fast as it may, and comes back each time it is closed. */
  const stats = { sent: 0, refused: 0, closes: 0, handshakesRefused: 0 };
  let flooding = false;
  function flooder() {
    if (!flooding) return;
    const socket = io(url, {
      path: REALTIME_PATH,
      auth: { device_key: floodKey },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.add(socket);
    const pump = () => {
      if (!flooding || !socket.connected) return;
      for (let i = 0; i < BURST; i++) {
        stats.sent++;
        socket.emit(
          SOCKET.callSignal,
          { call_id: 1, signal: { type: 'candidate', n: stats.sent } },
          (a: { error?: string }) => {
            if (a?.error === 'too_many_requests') stats.refused++;
          },
        );
      }
      setImmediate(pump);
    };
    socket.on('connect', pump);
    socket.on('disconnect', () => {
      stats.closes++;
      sockets.delete(socket);
      socket.close();
      setTimeout(flooder, 10);
    });
    socket.on('connect_error', () => {
      stats.handshakesRefused++;
      sockets.delete(socket);
      socket.close();
      setTimeout(flooder, 50);
    });
  }

  // Warm-up: the first asks compile the matcher and fill the pools.
  await calm(performance.now() + 2_000);
  const quiet = await calm(performance.now() + PHASE_MS);
  flooding = true;
  for (let i = 0; i < FLOOD_SOCKETS; i++) flooder();
  const flood = await calm(performance.now() + PHASE_MS);
  const stillOpen = [...sockets].filter((s) => s.connected).length;
  flooding = false;
  for (const s of sockets) s.close();

  const row = (name: string, r: Awaited<ReturnType<typeof calm>>) =>
    `| ${name} | ${r.asks.length} | ${ms(pct(r.asks, 50))} | ${ms(pct(r.asks, 95))} | ${ms(Math.max(...r.asks))} | ${ms(pct(r.health, 95))} | ${r.failed} |`;
  console.log(
    `\nsocket flood on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${FLOOD_SOCKETS} sockets of one key, ${PHASE_MS / 1000} s a phase, the calm kiosk asking ${ASKS_PER_SECOND}/s\n`,
  );
  console.log('| phase | asks | ask p50 | ask p95 | ask max | /healthz p95 | failed |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(row('no flood', quiet));
  console.log(row('flood', flood));
  console.log(
    `\nflood: ${stats.sent.toLocaleString('en')} events sent, ${stats.refused.toLocaleString('en')} refused (too_many_requests), sockets closed by the server ${stats.closes}, reconnections refused at the handshake ${stats.handshakesRefused.toLocaleString('en')}, flooding sockets still open at the end ${stillOpen}`,
  );
} finally {
  for (const s of sockets) s.close();
  await server.stop();
  await database.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
