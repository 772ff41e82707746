import { afterAll, describe, expect, it } from 'vitest';
import { balancer, hammer, type LoadCall } from '../support/load.js';
import { freshPostgres } from '../support/postgres.js';
import { startServer, type RunningServer } from '../support/server.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const ADMIN = { username: 'admin', password: 'Drain-Admin-Passw0rd!' };

async function signIn(base: string) {
  const res = await fetch(`${base}/admin_panel/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { data } = (await res.json()) as { data: { access_token: string; auth_project_id: number } };
  return { access_token: data.access_token, auth_project_id: String(data.auth_project_id) };
}

/** A device key and a visitor session on device 1, for questions sent through the device API. */
async function kiosk(base: string, headers: Record<string, string>) {
  const keyRes = await fetch(`${base}/admin_panel/admin_settings/devices/key`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id: 1 }),
  });
  const key = ((await keyRes.json()) as { data: { device_key: string } }).data.device_key;
  const auth = { authorization: `Bearer ${key}` };
  const session = await fetch(`${base}/device_api/v1/sessions`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'english' }),
  });
  return { auth, session: ((await session.json()) as { data: { session_id: string } }).data.session_id };
}

const exited = (s: RunningServer) => s.stop({ remove: false });
const failures = (stats: { status: Record<number, number>; errors: Record<string, number> }) => ({
  answeredNot2xx: Object.entries(stats.status).filter(([code]) => Number(code) >= 300),
  dropped: Object.entries(stats.errors).filter(([code]) => code !== 'ECONNREFUSED'),
});

describe('SIGTERM under load', () => {
  it('answers every request it took (no 503, no reset), then exits 0; only new connections are refused', async () => {
    const server = await startServer({ env: { ADMIN_PASSWORD: ADMIN.password } });
    const headers = await signIn(server.url);
    const calls: LoadCall[] = [{ method: 'GET', path: '/admin_panel/admin_settings/users', headers }];
    const load = hammer(() => server.url, calls, 16);
    await expect.poll(() => load.answered(), { timeout: 30_000 }).toBeGreaterThan(500);
    const code = await server.stop();
    const stats = await load.stop();
    console.info('SIGTERM on one instance under load:', JSON.stringify(stats));
    expect(code).toBe(0);
    expect(failures(stats)).toEqual({ answeredNot2xx: [], dropped: [] });
    expect(stats.status[200]).toBeGreaterThan(500);
  });
});

/**
 * A rolling restart behind a balancer: two instances on one PostgreSQL, each restarted in turn
 * with DRAIN_SECONDS=1 while reads and visitor questions flow through the balancer. Not one fails.
 */
describe.runIf(Boolean(DATABASE_URL))('a rolling restart of two instances', () => {
  const running: RunningServer[] = [];
  let lb: Awaited<ReturnType<typeof balancer>> | undefined;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  afterAll(async () => {
    await lb?.close();
    for (const s of running) await s.stop({ remove: true });
    await database?.drop();
  });

  it('fails no request while each instance drains, stops and comes back', async () => {
    database = await freshPostgres('ac_e2e_drain');
    const env = {
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: ADMIN.password,
      DRAIN_SECONDS: '1',
      // The load asks with one kiosk key flat out: past its per-key throttle those would be 429s.
      ASKS_PER_DEVICE_PER_MINUTE: '0',
    };
    // One media folder for both, as on a shared disk: instances on separate ones refuse to start
    // (media/disk-lease.ts) until S3_BUCKET shares their media.
    let dataDir: string | undefined;
    const start = async () => {
      const s = await startServer({ env, ...(dataDir ? { dataDir } : {}) });
      dataDir ??= s.dataDir;
      running.push(s);
      lb!.add(s.url);
      await expect.poll(() => lb!.healthy(s.url), { timeout: 10_000 }).toBe(true);
      return s;
    };
    lb = await balancer();
    const a = await start();
    const b = await start();
    const headers = await signIn(lb.url);
    const { auth, session } = await kiosk(lb.url, headers);
    let n = 0;
    const calls: LoadCall[] = [
      { method: 'GET', path: '/admin_panel/admin_settings/users', headers },
      {
        method: 'POST',
        path: '/device_api/v1/ask',
        headers: auth,
        body: () => ({ session_id: session, text: `question ${n++}`, language: 'english' }),
      },
    ];
    const load = hammer(() => lb!.url, calls, 8);
    await expect.poll(() => load.answered(), { timeout: 30_000 }).toBeGreaterThan(200);

    for (const old of [a, b]) {
      const before = load.answered();
      expect(await exited(old)).toBe(0);
      lb.remove(old.url);
      await start();
      // Traffic flowed the whole time, and keeps flowing on the new instance.
      const after = load.answered();
      expect(after).toBeGreaterThan(before);
      await expect.poll(() => load.answered(), { timeout: 30_000 }).toBeGreaterThan(after + 100);
    }
    const stats = await load.stop();
    console.info('rolling restart of two instances:', JSON.stringify(stats));
    expect(failures(stats)).toEqual({ answeredNot2xx: [], dropped: [] });
    expect(Object.keys(stats.errors)).toEqual([]);
  });
});
