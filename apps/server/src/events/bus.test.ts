import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, freshStore, login, startApp, type Store, type TestApp } from '../test/harness.js';

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
    const deadline = Date.now() + 5_000;
    let answer = await ask('internet access');
    while (answer.best?.intent_id !== wifi.id && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await ask('internet access');
    }
    expect(answer.best?.intent_id).toBe(wifi.id);
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
