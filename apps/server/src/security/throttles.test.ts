import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { ADMIN, backends, freshStore, startApp, type TestApp } from '../test/harness.js';
import { projectFixture } from '../test/project.js';
import { deviceCall } from '../test/tenant.js';

const signIn = (app: FastifyInstance, remoteAddress: string, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/admin_panel/login', remoteAddress, payload: { username, password } });

const SIGN_INS = 5;
const ASKS = 8;

describe.each(backends)('per-client throttles on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { flooder: 'Flooding kiosk', calm: 'Calm kiosk' },
    env: { SIGNIN_PER_IP_PER_MINUTE: String(SIGN_INS), ASKS_PER_DEVICE_PER_MINUTE: String(ASKS) },
  });

  it('stops one address guessing across many usernames, and lets another address sign in', async () => {
    const answers: number[] = [];
    // The attack the lockout cannot see: one guess for each of many usernames.
    for (let i = 0; i < 40; i++)
      answers.push((await signIn(t.app, '203.0.113.7', `user${i}`, 'guess')).statusCode);
    expect(answers.slice(0, SIGN_INS)).toEqual(Array(SIGN_INS).fill(401));
    expect(answers.slice(SIGN_INS)).toEqual(Array(40 - SIGN_INS).fill(429));

    const refused = await signIn(t.app, '203.0.113.7', ADMIN.username, ADMIN.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: 'too_many_requests' });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    const elsewhere = await signIn(t.app, '198.51.100.20', ADMIN.username, ADMIN.password);
    expect(elsewhere.statusCode).toBe(200);
    // Throttled guesses never reached the handler: the login log holds only the ones answered.
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from login_attempts where ip = '203.0.113.7'`,
    );
    expect(row!.n).toBe(SIGN_INS);
  });

  it('answers a flooding kiosk key 429 past its rate, logs none of the refused asks, and serves the calm kiosk', async () => {
    const { flooder, calm } = t.devices;
    const visit = async (key: string) =>
      (await deviceCall(t.app, key, 'POST', '/sessions', { language: 'english' })).session_id as string;
    const ask = (key: string, session: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/device_api/v1/ask',
        headers: { authorization: `Bearer ${key}` },
        payload: { session_id: session, text: `flood question ${i}`, language: 'english' },
      });
    const session = await visit(flooder.key);
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(flooder.key, session, i)));
    const codes = statuses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(ASKS);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - ASKS);
    expect(statuses.find((r) => r.statusCode === 429)!.json()).toMatchObject({ error: 'too_many_requests' });

    const calmSession = await visit(calm.key);
    expect((await ask(calm.key, calmSession, 0)).statusCode).toBe(200);

    const logged = await queryRows<{ device_id: number; n: number }>(
      t.database.db,
      sql`select device_id, count(*)::int as n from conversations
           where device_id in (${flooder.id}, ${calm.id}) group by device_id order by device_id`,
    );
    expect(logged).toEqual([
      { device_id: flooder.id, n: ASKS },
      { device_id: calm.id, n: 1 },
    ]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('throttles shared by two instances through Redis', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  const stores: Array<Awaited<ReturnType<typeof freshStore>>> = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) stores.push(await freshStore('pglite'));
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, SIGNIN_PER_IP_PER_MINUTE: '4' };
    a = await startApp(stores[0]!, env);
    b = await startApp(stores[1]!, env);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(stores.map((s) => s.drop()));
  });

  it('counts one address across instances: guesses on A use up what B allows', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 4; i++) expect((await signIn(a.app, ip, `guess${i}`, 'wrong')).statusCode).toBe(401);
    expect((await signIn(b.app, ip, ADMIN.username, ADMIN.password)).statusCode).toBe(429);
    expect((await signIn(b.app, '192.0.2.45', ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    // Under this installation's prefix only, and no address or key in the clear beyond the IP.
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    try {
      expect((await redis.keys(`${prefix}:throttle:*`)).sort()).toEqual([
        `${prefix}:throttle:POST/admin_panel/login:ip:192.0.2.44`,
        `${prefix}:throttle:POST/admin_panel/login:ip:192.0.2.45`,
      ]);
    } finally {
      redis.destroy();
    }
  });
});

describe('a throttle whose Redis is down', () => {
  let app: TestApp;
  let store: Awaited<ReturnType<typeof freshStore>>;
  beforeAll(async () => {
    store = await freshStore('pglite');
    app = await startApp(store, { REDIS_URL: 'redis://127.0.0.1:1', SIGNIN_PER_IP_PER_MINUTE: '4' });
  });
  afterAll(async () => {
    await app?.close();
    await store?.drop();
  });

  it('lets sign-in through rather than failing it', async () => {
    const res = await signIn(app.app, '192.0.2.50', ADMIN.username, ADMIN.password);
    expect(res.statusCode).toBe(200);
  });
});
