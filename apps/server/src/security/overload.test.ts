import { beforeAll, describe, expect, it } from 'vitest';
import { createLoadShedder } from '../plugins/load-shed.js';
import { ADMIN, login, suiteApp, type Session, ONE_SLOT } from '../test/harness.js';

/**
 * The embedded database answers one query at a time: past what it can take, the server refuses
 * early (503 + Retry-After) instead of letting requests hang, and sign-in goes ahead of heavy reads.
 */
describe('overload on the embedded database', () => {
  const t = suiteApp(
    'pglite',
    {},
    {
      shedLimits: ONE_SLOT,
    },
  );
  let admin: Session;
  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
  });

  it('refuses heavy reads past a short queue at once, and lets sign-in ahead of those still waiting', async () => {
    const order: string[] = [];
    const heavy = Array.from({ length: 10 }, (_, i) =>
      t.app
        .inject({
          method: 'GET',
          url: '/admin_panel/conversation?device_ids=1&start_datetime=2020-01-01&end_datetime=2030-01-01&search=anything',
          headers: admin.headers,
        })
        .then((res) => {
          order.push(`heavy${i}:${res.statusCode}`);
          return res;
        }),
    );
    const signIn = t.app.inject({ method: 'POST', url: '/admin_panel/login', payload: ADMIN }).then((res) => {
      order.push(`login:${res.statusCode}`);
      return res;
    });
    const results = await Promise.all(heavy);
    const shed = results.filter((r) => r.statusCode === 503);
    // One works, two wait, seven are told at once to come back.
    expect(shed).toHaveLength(7);
    for (const r of shed) {
      expect(r.json()).toMatchObject({ success: false, error: 'overloaded' });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await signIn).statusCode).toBe(200);
    // Sign-in came after the heavy reads were queued, and still ran before the two that waited.
    const served = order.filter((o) => o.endsWith(':200'));
    expect(served.indexOf('login:200')).toBeLessThanOrEqual(1);
    expect(served).toHaveLength(4);
  });

  it('serves everything again once the burst has passed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/conversation?device_ids=1&start_datetime=2020-01-01&end_datetime=2030-01-01',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the load shedder', () => {
  it('refuses a request that waited past its limit, and hands freed slots to the highest priority', async () => {
    const shedder = createLoadShedder({
      concurrency: 1,
      lowConcurrency: 1,
      queue: { high: 4, normal: 4, low: 4 },
      waitMs: { high: 10_000, normal: 10_000, low: 20 },
    });
    const release = await shedder.acquire('normal');
    const late = shedder.acquire('low');
    await expect(late).rejects.toMatchObject({ status: 503, code: 'overloaded' });
    const order: string[] = [];
    const normal = shedder.acquire('normal').then((r) => (order.push('normal'), r));
    const high = shedder.acquire('high').then((r) => (order.push('high'), r));
    release();
    (await high)();
    (await normal)();
    expect(order).toEqual(['high', 'normal']);
    expect(shedder.working).toBe(0);
  });

  it('drops a waiter whose client went away: it takes no slot, and the queue moves on', async () => {
    const shedder = createLoadShedder({
      concurrency: 1,
      lowConcurrency: 1,
      queue: { high: 4, normal: 4, low: 1 },
      waitMs: { high: 10_000, normal: 10_000, low: 10_000 },
    });
    const release = await shedder.acquire('low');
    const gone = new AbortController();
    const waiting = shedder.acquire('low', gone.signal);
    gone.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'client_closed' });
    // Its place in the queue is free again, and no slot leaked once the first is done.
    const next = shedder.acquire('low');
    release();
    (await next)();
    expect(shedder.working).toBe(0);
    (await shedder.acquire('low'))();
  });
});
