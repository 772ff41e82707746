import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, freshStore, login, startApp, type Store, type TestApp } from '../test/harness.js';
import { createDevice } from '../test/sockets.js';
import { createEventBus } from './bus.js';
import { AI_CHANGED } from './channels.js';

const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;

/** Two server instances on one PostgreSQL and one Redis, as behind a load balancer. */
describe.skipIf(!redisUrl || !pgUrl)('two instances share AI changes over Redis', () => {
  let store: Store;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    store = await freshStore('postgres');
    a = await startApp(store, { REDIS_URL: redisUrl! });
    b = await startApp(store, { REDIS_URL: redisUrl! });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.drop();
  });

  it('a keyword added through instance A changes what instance B answers', async () => {
    const onA = await login(a.app, ADMIN.username, ADMIN.password);
    const onB = await login(b.app, ADMIN.username, ADMIN.password);
    const post = async (app: TestApp, headers: Record<string, string>, url: string, payload: object) => {
      const res = await app.app.inject({ method: 'POST', url: `/admin_panel${url}`, headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const ask = (text: string) =>
      post(b, onB.headers, '/ai_config/test_console', { device_id: 1, language: 'english', text });

    const cat = await post(a, onA.headers, '/ai_config/intents/category', { device_id: 1, name: 'Venue' });
    const lifts = await post(a, onA.headers, '/ai_config/intents/intent', {
      device_id: 1,
      name: 'Lifts',
      category_id: cat.category_id,
    });
    const wifi = await post(a, onA.headers, '/ai_config/intents/intent', {
      device_id: 1,
      name: 'Wi-Fi',
      category_id: cat.category_id,
    });
    await post(a, onA.headers, '/ai_config/intents/keywords', {
      device_id: 1,
      intent_id: lifts.id,
      language: 'english',
      text: 'elevator',
    });
    await post(a, onA.headers, '/ai_config/intents/keywords', {
      device_id: 1,
      intent_id: wifi.id,
      language: 'english',
      text: 'wifi password',
    });
    // B builds its matcher now and keeps it in memory.
    expect((await ask('where is the elevator')).best?.intent_id).toBe(lifts.id);
    expect((await ask('internet access')).best?.intent_id ?? null).not.toBe(wifi.id);

    await post(a, onA.headers, '/ai_config/intents/keywords', {
      device_id: 1,
      intent_id: wifi.id,
      language: 'english',
      text: 'internet access',
    });
    // Pub/sub is asynchronous: B hears of the change within moments, not in the same tick.
    await expect
      .poll(async () => (await ask('internet access')).best?.intent_id, { timeout: 5_000 })
      .toBe(wifi.id);
  });

  it('what B remembers for asks (answers, sessions, keys) follows changes made through A', async () => {
    const onA = await login(a.app, ADMIN.username, ADMIN.password);
    const admin = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => {
      const res = await a.app.inject({ method, url: `/admin_panel${url}`, headers: onA.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const cat = await admin('POST', '/ai_config/intents/category', { device_id: 2, name: 'Desk' });
    const desk = await admin('POST', '/ai_config/intents/intent', {
      device_id: 2,
      name: 'Opening hours',
      category_id: cat.category_id,
    });
    await admin('POST', '/ai_config/intents/keywords', {
      device_id: 2,
      intent_id: desk.id,
      language: 'english',
      text: 'opening hours',
    });
    const response = await admin('POST', '/ai_config/intents/responses', {
      device_id: 2,
      intent_id: desk.id,
      language: 'english',
      device_type: 'ambassador',
      contents: [{ type: 'text', values: ['We open at 9.'] }],
    });
    const key = (await admin('POST', '/admin_settings/devices/key', { id: 2 })).device_key;
    const onB = (url: string, payload: object, k = key) =>
      b.app.inject({
        method: 'POST',
        url: `/device_api/v1${url}`,
        headers: { authorization: `Bearer ${k}` },
        payload,
      });
    const session = (await onB('/sessions', { language: 'english' })).json().data.session_id;
    const askB = async () => onB('/ask', { session_id: session, text: 'opening hours', language: 'english' });
    const text = async () => (await askB()).json().data.responses[0]?.contents[0]?.values[0];
    const eventually = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 5_000 }).toBe(true);
    // B now holds the device's answer data, its session and its key in memory.
    expect(await text()).toBe('We open at 9.');

    await admin('PUT', '/ai_config/intents/responses', {
      device_id: 2,
      id: response.id,
      language: 'english',
      device_type: 'ambassador',
      contents: [{ type: 'text', values: ['We open at 10 on Sundays.'] }],
    });
    await eventually(async () => (await text()) === 'We open at 10 on Sundays.');

    // The session ended through A (as another instance behind the balancer would): B refuses it.
    const ended = await a.app.inject({
      method: 'POST',
      url: `/device_api/v1/sessions/${session}/end`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    await eventually(async () => (await askB()).statusCode === 409);

    // The key rotated through A: B refuses the old one.
    await admin('POST', '/admin_settings/devices/key', { id: 2 });
    await eventually(async () => (await onB('/sessions', { language: 'english' })).statusCode === 401);
  });

  it('a location renamed or deactivated through A is answered as it now is by B', async () => {
    const onA = await login(a.app, ADMIN.username, ADMIN.password);
    const onB = await login(b.app, ADMIN.username, ADMIN.password);
    // A device of its own: no topic of the other tests answers its questions first.
    const kiosk = await createDevice(a.app, onA, 'Lobby Kiosk');
    const admin = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await a.app.inject({ method, url: `/admin_panel${url}`, headers: onA.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const where = async (text: string) => {
      const res = await b.app.inject({
        method: 'POST',
        url: '/admin_panel/ai_config/test_console',
        headers: onB.headers,
        payload: { device_id: kiosk.id, language: 'english', text },
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json().data as { answered_by: string; answer_text: string | null };
      return answer.answered_by === 'location' ? answer.answer_text : null;
    };
    const eventually = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 5_000 }).toBe(true);
    const shop = await admin('POST', '/location_map/locations', { device_id: kiosk.id, name: 'Gift shop' });
    // B now holds the device's locations in memory.
    expect(await where('Where is the gift shop?')).toBe('Here is Gift shop.');

    await admin('PUT', `/location_map/locations/${shop.id}`, { device_id: kiosk.id, name: 'Flower shop' });
    await eventually(async () => (await where('Where is the flower shop?')) === 'Here is Flower shop.');
    expect(await where('Where is the gift shop?')).toBeNull();

    await admin('PUT', `/location_map/locations/${shop.id}`, {
      device_id: kiosk.id,
      name: 'Flower shop',
      is_active: false,
    });
    await eventually(async () => (await where('Where is the flower shop?')) === null);
  });
});

describe('an unreachable Redis', () => {
  it('neither stops the server from starting and answering nor from closing', async () => {
    const store = await freshStore('pglite');
    const app = await startApp(store, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const admin = await login(app.app, ADMIN.username, ADMIN.password);
      const res = await app.app.inject({
        method: 'POST',
        url: '/admin_panel/ai_config/intents/category',
        headers: admin.headers,
        payload: { device_id: 1, name: 'Works without Redis' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
      await store.drop();
    }
  });
});

describe.skipIf(!redisUrl)('buses of two installations on one Redis', () => {
  it('deliver only within their own prefix, under <prefix>:bus:<channel>', async () => {
    const log = { info: () => undefined, error: () => undefined };
    const one = `test-one-${randomBytes(4).toString('hex')}`;
    const two = `test-two-${randomBytes(4).toString('hex')}`;
    // Two instances of installation one, one instance of installation two.
    const buses = [one, one, two].map((prefix) => createEventBus({ redisUrl: redisUrl!, prefix, log }));
    const heard = buses.map(() => [] as unknown[]);
    buses.forEach((bus, i) => bus.subscribe(AI_CHANGED, (m) => heard[i]!.push(m)));
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    try {
      // Subscriptions are made in the background: wait until Redis has all three.
      const subscribers = async () => {
        const counts = await redis.pubSubNumSub([`${one}:bus:ai:changed`, `${two}:bus:ai:changed`]);
        return [counts[`${one}:bus:ai:changed`], counts[`${two}:bus:ai:changed`]];
      };
      await expect.poll(subscribers, { timeout: 5_000 }).toEqual([2, 1]);
      // A watcher of both channels sees each message once Redis has handed it to every subscriber.
      const watcher = redis.duplicate();
      await watcher.connect();
      const published: string[] = [];
      await watcher.subscribe([`${one}:bus:ai:changed`, `${two}:bus:ai:changed`], (_m, channel) =>
        published.push(channel),
      );

      buses[0]!.publish(AI_CHANGED, { deviceId: 1 });
      buses[2]!.publish(AI_CHANGED, { deviceId: 2 });
      await vi.waitFor(() => expect(published).toHaveLength(2), { timeout: 5_000 });
      await watcher.quit();
      // Then a last message on each channel: Redis delivers in order, so a stray one would be in before it.
      const last = JSON.stringify({ origin: 'test', message: { deviceId: 9 } });
      await redis.publish(`${one}:bus:ai:changed`, last);
      await redis.publish(`${two}:bus:ai:changed`, last);
      await vi.waitFor(() => expect(heard.map((h) => h.at(-1))).toEqual(Array(3).fill({ deviceId: 9 })), {
        timeout: 5_000,
      });
      const mine = heard.map((h) => h.slice(0, -1));
      expect(mine).toEqual([[{ deviceId: 1 }], [{ deviceId: 1 }], [{ deviceId: 2 }]]);
    } finally {
      await redis.quit();
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});

describe.skipIf(!redisUrl)('an event from another instance', () => {
  it('reaches the handlers only in its channel’s shape; anything else is logged and dropped', async () => {
    const errors: string[] = [];
    const log = { info: () => undefined, error: (_: object, msg: string) => void errors.push(msg) };
    const prefix = `test-shape-${randomBytes(4).toString('hex')}`;
    const bus = createEventBus({ redisUrl: redisUrl!, prefix, log });
    const heard: unknown[] = [];
    bus.subscribe(AI_CHANGED, (m) => heard.push(m));
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    try {
      const channel = `${prefix}:bus:ai:changed`;
      await expect
        .poll(async () => (await redis.pubSubNumSub([channel]))[channel], { timeout: 5_000 })
        .toBe(1);
      // As an instance of another version might send: a string id, a missing id, not JSON, then a good one.
      const send = (message: unknown) => redis.publish(channel, JSON.stringify({ origin: 'other', message }));
      await send({ deviceId: '1' });
      await send({ topicIds: [1] });
      await redis.publish(channel, '{not json');
      await send({ deviceId: 3, topicIds: [7, 8] });
      // Messages on one channel arrive in order: once the good one is in, so are the others.
      await vi.waitFor(() => expect(heard).not.toEqual([]), { timeout: 5_000 });
      expect(heard).toEqual([{ deviceId: 3, topicIds: [7, 8] }]);
      expect(errors).toEqual([
        'malformed event ignored',
        'malformed event ignored',
        'malformed event ignored',
      ]);
    } finally {
      await redis.quit();
      await bus.close();
    }
  });
});
