import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENT, REALTIME_ERRORS, SOCKET } from '@ambassador/contracts';
import {
  ADMIN,
  backends,
  createUser,
  freshStore,
  login,
  otherProject,
  startApp,
  suiteApp,
  type Store,
  type TestApp,
} from '../test/harness.js';
import {
  adminSocket,
  caughtUp,
  closeSockets,
  collect,
  connected,
  createDevice,
  deviceSocket,
  disconnected,
  listen,
  nextMessage,
  settle,
} from '../test/sockets.js';
import { REALTIME_LIMITS } from './server.js';

/**
 * Resolves once `instances` servers' realtime adapters listen on Redis under `prefix`: each
 * subscribes to its request channel after its room pattern, on one connection, so that one in
 * Redis's count means both.
 */
async function adaptersListening(prefix: string, instances: number) {
  const redis = createClient({ url: process.env.TEST_REDIS_URL });
  await redis.connect();
  try {
    const request = `${prefix}:realtime-request#/#`;
    await expect
      .poll(async () => (await redis.pubSubNumSub(request))[request] ?? 0, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(instances);
  } finally {
    await redis.quit();
  }
}

describe.each(backends)('realtime service (%s)', (kind) => {
  const t = suiteApp(kind);
  let url: string;
  beforeAll(async () => {
    url = await listen(t.app);
  });
  afterEach(() => closeSockets());

  it('refuses a console without a valid token, and a kiosk without a valid key', async () => {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    await expect(connected(adminSocket(url, { ...admin, token: 'not-a-token' }))).rejects.toThrow(
      'unauthorized',
    );
    // The right token for another project id: forbidden.
    await expect(connected(adminSocket(url, { ...admin, projectId: admin.projectId + 999 }))).rejects.toThrow(
      'forbidden',
    );
    await expect(connected(deviceSocket(url, 'dk_wrong_key_0000000000000000000000000'))).rejects.toThrow(
      'unauthorized',
    );
    await expect(connected(deviceSocket(url, ''))).rejects.toThrow('unauthorized');
    // Nothing at all in the handshake.
    await expect(connected(adminSocket(url, { ...admin, token: '' }))).rejects.toThrow('unauthorized');
  });

  it('acknowledges the console subscription with the admin-panel identifier only', async () => {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    const socket = await connected(adminSocket(url, admin));
    const good = await socket.emitWithAck(SOCKET.subscribe, {
      project: 'admin_panel',
      client_id: 'tab-1',
      username: 'admin',
    });
    expect(good).toEqual({ ok: true });
    const bad = await socket.emitWithAck(SOCKET.subscribe, {
      project: 'other',
      client_id: 'tab-1',
      username: 'admin',
    });
    expect(bad).toEqual({ ok: false });
  });

  it('closes a console socket at once when its session ends (logout), and a user deleted by an admin', async () => {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    const socket = await connected(adminSocket(url, admin));
    const closing = disconnected(socket);
    await t.app.inject({
      method: 'POST',
      url: '/admin_panel/logout',
      payload: { access_token: admin.token },
    });
    expect(await closing).toBe('io server disconnect');
    // The same token cannot come back.
    await expect(connected(adminSocket(url, admin))).rejects.toThrow('unauthorized');

    const boss = await login(t.app, ADMIN.username, ADMIN.password);
    const { user, session } = await createUser(t.app, boss, { username: `op_${kind}`, role_id: 3 });
    const opSocket = await connected(adminSocket(url, session, 'tab-op'));
    const opClosing = disconnected(opSocket);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/admin_panel/admin_settings/users',
      headers: boss.headers,
      payload: { user_id: user.user_id },
    });
    expect(res.statusCode).toBe(200);
    expect(await opClosing).toBe('io server disconnect');
  });

  it('refuses a console whose role has no live pages', async () => {
    const boss = await login(t.app, ADMIN.username, ADMIN.password);
    const { session } = await createUser(t.app, boss, {
      username: `dash_${kind}`,
      role_id: 1,
      page_access: ['/dashboard'],
    });
    await expect(connected(adminSocket(url, session))).rejects.toThrow('forbidden');
  });

  it('closes a kiosk socket when its key is rotated, and the old key is refused', async () => {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    const device = await createDevice(t.app, admin, `Rotating kiosk ${kind}`);
    const socket = await connected(deviceSocket(url, device.key));
    const closing = disconnected(socket);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/admin_settings/devices/key',
      headers: admin.headers,
      payload: { id: device.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await closing).toBe('io server disconnect');
    await expect(connected(deviceSocket(url, device.key))).rejects.toThrow('unauthorized');
    await connected(deviceSocket(url, res.json().data.device_key));
  });

  it('refuses a flood of events past the rate with too_many_requests, then closes the socket; others go on', async () => {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    const flooder = await createDevice(t.app, admin, `Flooding kiosk ${kind}`);
    const calm = await createDevice(t.app, admin, `Calm kiosk ${kind}`);
    const socket = await connected(deviceSocket(url, flooder.key));
    const closing = disconnected(socket, 10_000);
    const answers: Array<{ ok: boolean; error?: string }> = [];
    for (let i = 0; i < 1_000; i++) {
      socket.emit(SOCKET.callSignal, { call_id: 1, signal: { type: 'candidate', n: i } }, (a: never) =>
        answers.push(a),
      );
    }
    expect(await closing).toBe('io server disconnect');
    const refused = answers.filter((a) => a.error === 'too_many_requests').length;
    expect(refused).toBeGreaterThanOrEqual(REALTIME_LIMITS.dropsBeforeClose - 1);
    // The first burst went through to the handlers (their answers may come after the close).
    expect(refused).toBeLessThanOrEqual(1_000 - REALTIME_LIMITS.socketBurst);
    // Coming straight back is refused at the handshake for a while, before any lookup.
    await expect(connected(deviceSocket(url, flooder.key))).rejects.toThrow(REALTIME_ERRORS.tooManyRequests);
    // Another kiosk, sending at a kiosk's pace, is not touched.
    const other = await connected(deviceSocket(url, calm.key));
    const calmAnswers = await Promise.all(
      Array.from(
        { length: 20 },
        (_, i) =>
          new Promise<{ error?: string }>((resolve) =>
            other.emit(SOCKET.callSignal, { call_id: 1, signal: { type: 'candidate', n: i } }, resolve),
          ),
      ),
    );
    expect(calmAnswers.filter((a) => a.error === 'too_many_requests')).toEqual([]);
  });

  it("keeps each project's events in its own room", async () => {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    const other = await otherProject(t.database);
    const otherSession = await login(t.app, other.username, other.password);
    const device = await createDevice(t.app, admin, `Room kiosk ${kind}`);
    const mine = await connected(adminSocket(url, admin, 'tab-mine'));
    const theirs = await connected(adminSocket(url, otherSession, 'tab-theirs'));
    const theirEvents = collect(theirs, SOCKET.event);
    const kiosk = await connected(deviceSocket(url, device.key));
    void kiosk;
    const ringing = nextMessage<{ name: string; device_id: number }>(
      mine,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.newCall,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/calls',
      headers: { authorization: `Bearer ${device.key}` },
      payload: { language: 'english' },
    });
    expect(res.json().data.status).toBe('ringing');
    expect((await ringing).device_id).toBe(device.id);
    await caughtUp(theirs);
    expect(theirEvents).toEqual([]);
  });
});

describe('two instances through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  let store: Store;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!redisUrl) return;
    // One PostgreSQL when CI has it, else one PGlite directory can only be opened once: skip.
    store = await freshStore(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    a = await startApp(store, { REDIS_URL: redisUrl });
    if (process.env.TEST_DATABASE_URL) b = await startApp(store, { REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    closeSockets();
    await b?.close();
    await a?.close();
    await store?.drop();
  });

  it.runIf(Boolean(redisUrl && process.env.TEST_DATABASE_URL))(
    'a kiosk on instance A reaches a console on instance B, and B can reply to the kiosk on A',
    async () => {
      // One database, so one namespace, without REDIS_PREFIX.
      expect(b.app.redisPrefix).toBe(a.app.redisPrefix);
      const urlA = await listen(a.app);
      const urlB = await listen(b.app);
      const admin = await login(b.app, ADMIN.username, ADMIN.password);
      const device = await createDevice(b.app, admin, 'Two-instance kiosk');
      const console_ = await connected(adminSocket(urlB, admin, 'tab-b'));
      const kiosk = await connected(deviceSocket(urlA, device.key));
      // The first cross-instance message once both adapters listen on Redis.
      await adaptersListening(a.app.redisPrefix, 2);
      const ringing = nextMessage<{ name: string; real_session_id: string }>(
        console_,
        SOCKET.event,
        5_000,
        (e) => e.name === LIVE_EVENT.newCall,
      );
      const started = await a.app.inject({
        method: 'POST',
        url: '/device_api/v1/calls',
        headers: { authorization: `Bearer ${device.key}` },
        payload: { language: 'english' },
      });
      const call = started.json().data.call;
      expect((await ringing).real_session_id).toBe(call.real_session_id);

      // The operator answers on B; the kiosk on A hears it, and signalling crosses both ways.
      const answered = nextMessage<{ status: string }>(kiosk, SOCKET.callUpdate, 5_000);
      const res = await b.app.inject({
        method: 'PUT',
        url: `/admin_panel/video_call/list/${device.id}`,
        headers: admin.headers,
        payload: { real_session_id: call.real_session_id, status: 'answered', client_id: 'tab-b' },
      });
      expect(res.statusCode).toBe(200);
      expect((await answered).status).toBe('answered');
      const offer = nextMessage<{ description?: { type: string } }>(kiosk, SOCKET.callSignal, 5_000);
      const relayed = await console_.emitWithAck(SOCKET.callSignal, {
        real_session_id: call.real_session_id,
        description: { type: 'offer', sdp: 'v=0 offer' },
      });
      expect(relayed).toMatchObject({ ok: true });
      expect((await offer).description?.type).toBe('offer');
      const answer = nextMessage<{ description?: { type: string } }>(console_, SOCKET.callSignal, 5_000);
      await kiosk.emitWithAck(SOCKET.callSignal, {
        real_session_id: call.real_session_id,
        description: { type: 'answer', sdp: 'v=0 answer' },
      });
      expect((await answer).description?.type).toBe('answer');

      // Logging out on A closes the console's socket on B.
      const closing = disconnected(console_, 5_000);
      await a.app.inject({
        method: 'POST',
        url: '/admin_panel/logout',
        payload: { access_token: admin.token },
      });
      expect(await closing).toBe('io server disconnect');
    },
  );

  it.runIf(Boolean(redisUrl && process.env.TEST_DATABASE_URL))(
    'an instance that stops under a ringing kiosk ends the call as missed before Redis goes, and throws nothing',
    async () => {
      const unhandled: unknown[] = [];
      const record = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', record);
      try {
        const c = await startApp(store, { REDIS_URL: String(redisUrl) });
        const urlC = await listen(c.app);
        const admin = await login(a.app, ADMIN.username, ADMIN.password);
        const device = await createDevice(a.app, admin, 'Kiosk on a stopping instance');
        await connected(deviceSocket(urlC, device.key));
        const started = await c.app.inject({
          method: 'POST',
          url: '/device_api/v1/calls',
          headers: { authorization: `Bearer ${device.key}` },
          payload: { language: 'english' },
        });
        const id = started.json().data.call.real_session_id as string;
        // The kiosk is still connected when C stops: C's close ends its socket, and so its call.
        await c.close();
        const listed = await a.app.inject({
          method: 'GET',
          url: `/admin_panel/video_call/list/${admin.projectId}?device_id=${device.id}`,
          headers: admin.headers,
        });
        expect(listed.json().data[0]).toMatchObject({ real_session_id: id, status: 'missed' });
        await settle();
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', record);
      }
    },
  );
});

/**
 * Two installations (two databases) on one Redis, as two sites of one operator may share it. Both
 * are seeded alike (project 1, devices 1–3, the first sign-in session 1): every room name of one is
 * a room name of the other, so only the Redis namespace keeps them apart (issue 38).
 */
describe('two installations on one Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const stores: Store[] = [];
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    if (!redisUrl) return;
    for (let i = 0; i < 2; i++) stores.push(await freshStore(kind));
    one = await startApp(stores[0]!, { REDIS_URL: redisUrl });
    two = await startApp(stores[1]!, { REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    closeSockets();
    await Promise.all([one?.close(), two?.close()]);
    await Promise.all(stores.map((s) => s.drop()));
  });

  it.runIf(Boolean(redisUrl))(
    "a call, a visitor's chat, a reply to a kiosk and a sign-out in installation 1 never reach installation 2",
    async () => {
      const urlOne = await listen(one.app);
      const urlTwo = await listen(two.app);
      const adminOne = await login(one.app, ADMIN.username, ADMIN.password);
      const adminTwo = await login(two.app, ADMIN.username, ADMIN.password);
      expect(adminTwo.projectId).toBe(adminOne.projectId);
      // Neither sets REDIS_PREFIX: each derives its own from its database.
      expect(one.app.redisPrefix).toMatch(/^ambassador-[0-9a-f]{12}$/);
      expect(two.app.redisPrefix).toMatch(/^ambassador-[0-9a-f]{12}$/);
      expect(two.app.redisPrefix).not.toBe(one.app.redisPrefix);
      const kioskOne = await createDevice(one.app, adminOne, 'Installation 1 kiosk');
      const kioskTwo = await createDevice(two.app, adminTwo, 'Installation 2 kiosk');
      expect(kioskTwo.id).toBe(kioskOne.id);
      const consoleOne = await connected(adminSocket(urlOne, adminOne, 'tab-1'));
      const consoleTwo = await connected(adminSocket(urlTwo, adminTwo, 'tab-1'));
      const deviceOne = await connected(deviceSocket(urlOne, kioskOne.key));
      const deviceTwo = await connected(deviceSocket(urlTwo, kioskTwo.key));
      const leakedToConsole = collect(consoleTwo, SOCKET.event);
      const leakedToKiosk: unknown[] = [];
      deviceTwo.onAny((name: string, payload: unknown) => leakedToKiosk.push({ name, payload }));
      // Each installation's adapter listens on Redis, as in the two-instance test.
      await Promise.all([
        adaptersListening(one.app.redisPrefix, 1),
        adaptersListening(two.app.redisPrefix, 1),
      ]);
      const asKioskOne = { authorization: `Bearer ${kioskOne.key}` };

      const ringing = nextMessage(
        consoleOne,
        SOCKET.event,
        5_000,
        (e: { name: string }) => e.name === LIVE_EVENT.newCall,
      );
      const call = await one.app.inject({
        method: 'POST',
        url: '/device_api/v1/calls',
        headers: asKioskOne,
        payload: { language: 'english' },
      });
      expect(call.statusCode, call.body).toBe(200);
      await ringing;

      const chatted = nextMessage(
        consoleOne,
        SOCKET.event,
        5_000,
        (e: { name: string; message?: { message: string } | null }) =>
          e.name === LIVE_EVENT.chatMessage && e.message?.message === 'My room number is 1204',
      );
      const chat = await one.app.inject({
        method: 'POST',
        url: '/device_api/v1/chats',
        headers: asKioskOne,
        payload: { language: 'english', name: 'A visitor' },
      });
      expect(chat.statusCode, chat.body).toBe(200);
      const sessionId = chat.json().data.session_id as string;
      const said = await one.app.inject({
        method: 'POST',
        url: `/device_api/v1/chats/${sessionId}/messages`,
        headers: asKioskOne,
        payload: { message: 'My room number is 1204', client_id: 'visitor-message-1' },
      });
      expect(said.statusCode, said.body).toBe(200);
      await chatted;

      // The operator answers: installation 1's kiosk hears it, installation 2's (same id) must not.
      const replied = nextMessage(deviceOne, SOCKET.chatMessage, 5_000);
      const reply = await one.app.inject({
        method: 'POST',
        url: '/admin_panel/chat/send',
        headers: adminOne.headers,
        payload: { session_id: sessionId, message: 'On our way' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      await replied;

      // Signing out in installation 1 closes its session's sockets, never the other's session 1.
      const closing = disconnected(consoleOne, 5_000);
      await one.app.inject({
        method: 'POST',
        url: '/admin_panel/logout',
        payload: { access_token: adminOne.token },
      });
      await closing;

      // Kept: nothing of installation 1 may reach installation 2 at all, so there is no later
      // message on its sockets to wait for.
      await settle(500);
      expect(leakedToConsole).toEqual([]);
      expect(leakedToKiosk).toEqual([]);
      expect(consoleTwo.connected).toBe(true);
    },
  );

  it.runIf(Boolean(redisUrl))(
    'an explicit REDIS_PREFIX is what the adapter and the bus use: given the same one, the two share live events',
    async () => {
      closeSockets();
      await Promise.all([one.close(), two.close()]);
      const prefix = `test-shared-${randomBytes(4).toString('hex')}`;
      one = await startApp(stores[0]!, { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
      two = await startApp(stores[1]!, { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
      expect([one.app.redisPrefix, two.app.redisPrefix]).toEqual([prefix, prefix]);
      const urlTwo = await listen(two.app);
      const adminOne = await login(one.app, ADMIN.username, ADMIN.password);
      const adminTwo = await login(two.app, ADMIN.username, ADMIN.password);
      const consoleTwo = await connected(adminSocket(urlTwo, adminTwo, 'tab-1'));
      const redis = createClient({ url: redisUrl });
      await redis.connect();
      try {
        // The bus's and the adapter's channels are under the prefix (once both instances subscribed).
        await adaptersListening(prefix, 2);
        expect(await redis.pubSubChannels(`${prefix}:*`)).toEqual(
          expect.arrayContaining([
            `${prefix}:bus:devices:changed`,
            `${prefix}:bus:ai:changed`,
            `${prefix}:realtime-request#/#`,
            `${prefix}:realtime-response#/#`,
          ]),
        );
      } finally {
        await redis.quit();
      }
      const kiosk = await createDevice(one.app, adminOne, 'Shared-prefix kiosk');
      const ringing = nextMessage(
        consoleTwo,
        SOCKET.event,
        5_000,
        (e: { name: string }) => e.name === LIVE_EVENT.newCall,
      );
      const call = await one.app.inject({
        method: 'POST',
        url: '/device_api/v1/calls',
        headers: { authorization: `Bearer ${kiosk.key}` },
        payload: { language: 'english' },
      });
      expect(call.statusCode, call.body).toBe(200);
      await ringing;
    },
  );
});
