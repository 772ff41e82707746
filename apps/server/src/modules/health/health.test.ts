import { describe, expect, it, vi } from 'vitest';
import { createLifecycle } from '../../lib/lifecycle.js';
import { suiteApp } from '../../test/harness.js';

const redisUrl = process.env.TEST_REDIS_URL;
const get = (t: ReturnType<typeof suiteApp>, url: string) => t.app.inject({ method: 'GET', url });

describe('liveness and readiness', () => {
  const lifecycle = createLifecycle();
  const t = suiteApp('pglite', {}, { lifecycle });

  it('is alive and ready with the database answering; without REDIS_URL, Redis is off', async () => {
    const live = await get(t, '/livez');
    expect(live.statusCode).toBe(200);
    expect(live.json().data).toEqual({ alive: true });
    for (const url of ['/readyz', '/healthz']) {
      const ready = await get(t, url);
      expect(ready.statusCode, url).toBe(200);
      expect(ready.json().data, url).toMatchObject({ database: 'pglite', redis: 'off' });
    }
  });

  it('while draining: not ready (a balancer takes it out), still alive (no restart)', async () => {
    lifecycle.draining = true;
    try {
      const ready = await get(t, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toBe('draining');
      expect((await get(t, '/livez')).statusCode).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });
});

describe('Redis unreachable', () => {
  // A port nothing listens on: the bus and the adapter keep reconnecting.
  const t = suiteApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' });

  it('says Redis is degraded, and stays ready: calls reach this instance only, nothing fails', async () => {
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.redis).toBe('degraded');
    expect((await get(t, '/livez')).statusCode).toBe(200);
  });
});

describe.skipIf(!redisUrl)('Redis reachable', () => {
  const t = suiteApp('pglite', { REDIS_URL: redisUrl! });

  it('says Redis is ok once the bus and the adapter are connected', async () => {
    await vi.waitFor(async () => expect((await get(t, '/readyz')).json().data.redis).toBe('ok'), {
      timeout: 10_000,
      interval: 50,
    });
  });
});
