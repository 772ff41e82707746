import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, backends, login, suiteApp, type Session, ONE_SLOT } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { closeSockets, connected, deviceSocket, settle } from '../../test/sockets.js';
import { admit, isLoopback } from './access.js';

type App = { app: FastifyInstance };

/** The value of one sample of the exposition, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/).filter(Boolean);
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (t: App, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe.each(backends)('GET /metrics on %s', (kind) => {
  const t = projectFixture(kind, { devices: { kiosk: 'Metrics kiosk' } });
  afterAll(() => closeSockets());

  it('answers in the Prometheus text format, with the process metrics beside ours', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE ambassador_http_requests_total counter');
    expect(res.body).toContain('# TYPE ambassador_http_request_duration_seconds histogram');
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    // Tests run lexically (EMBEDDINGS=none): the encoder is off.
    expect(sample(res.body, 'ambassador_embedder_state', { provider: 'none', state: 'off' })).toBe(1);
    expect(sample(res.body, 'ambassador_embedder_state', { provider: 'none', state: 'ready' })).toBe(0);
  });

  it('counts requests by route pattern and status, an unknown address as not_found', async () => {
    const before = await scrape(t);
    const counted = (text: string, route: string, status: string, method = 'GET') =>
      sample(text, 'ambassador_http_requests_total', { route, method, status }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
    const users = await t.app.inject({ url: '/admin_panel/admin_settings/users', headers: t.admin.headers });
    expect(users.statusCode).toBe(200);
    const text = await t.app.inject({
      url: '/admin_panel/mrc/987654/text?device_id=1',
      headers: t.admin.headers,
    });
    for (const url of ['/no/such/page/123', '/no/such/page/456'])
      expect((await t.app.inject({ url })).statusCode).toBe(404);

    const after = await scrape(t);
    expect(counted(after, '/livez', '200') - counted(before, '/livez', '200')).toBe(3);
    expect(counted(after, '/admin_panel/admin_settings/users', '200')).toBeGreaterThanOrEqual(1);
    expect(counted(after, '/admin_panel/mrc/:id/text', String(text.statusCode))).toBe(1);
    expect(counted(after, 'not_found', '404') - counted(before, 'not_found', '404')).toBe(2);
    // The pattern, never the address asked: ids and unknown paths add no series.
    expect(after).not.toMatch(/987654|no\/such/);
    const latency = sample(after, 'ambassador_http_request_duration_seconds_count', {
      route: '/livez',
      method: 'GET',
    });
    expect(latency).toBeGreaterThanOrEqual(3);
    // The scrapes count themselves, as one route like any other.
    expect(counted(after, '/metrics', '200')).toBeGreaterThanOrEqual(2);
  });

  it('counts a device’s questions by the kind of answer, every kind listed from 0', async () => {
    const ask = (headers: Record<string, string>, payload: object, url: string) =>
      t.app.inject({ method: 'POST', url: `/device_api/v1${url}`, headers, payload });
    const headers = { authorization: `Bearer ${t.devices.kiosk.key}` };
    const before = await scrape(t);
    expect(sample(before, 'ambassador_asks_total', { kind: 'location' })).toBe(0);
    const session = (await ask(headers, { language: 'english' }, '/sessions')).json().data;
    const res = await ask(
      headers,
      { session_id: session.session_id, text: 'zzqx vlorp', language: 'english' },
      '/ask',
    );
    expect(res.statusCode, res.body).toBe(200);
    const by = res.json().data.answered_by as string;
    const after = await scrape(t);
    const asked = (text: string) => sample(text, 'ambassador_asks_total', { kind: by }) ?? 0;
    expect(asked(after) - asked(before)).toBe(1);
    // Answering built the device's matcher, which this instance now holds.
    expect(sample(after, 'ambassador_matchers', { state: 'ready' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'ambassador_matchers', { state: 'failed' })).toBe(0);
  });

  it('shows a queued job by its kind, and the registered kinds at 0', async () => {
    await t.app.jobs.enqueue('metrics-test', {});
    const text = await scrape(t);
    expect(sample(text, 'ambassador_jobs', { kind: 'metrics-test', status: 'queued' })).toBe(1);
    expect(sample(text, 'ambassador_jobs', { kind: 'mrc-scan', status: 'queued' })).toBe(0);
    expect(sample(text, 'ambassador_jobs', { kind: 'mrc-scan', status: 'failed' })).toBe(0);
  });

  it('counts the kiosks connected to this instance', async () => {
    const socket = await connected(deviceSocket(t.url, t.devices.kiosk.key));
    await settle(50);
    expect(sample(await scrape(t), 'ambassador_sockets_connected', { kind: 'device' })).toBe(1);
    socket.disconnect();
    await settle(100);
    expect(sample(await scrape(t), 'ambassador_sockets_connected', { kind: 'device' })).toBe(0);
  });

  it('without METRICS_TOKEN, answers only a direct request from this host', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('::1')).statusCode).toBe(200);
    // Over a real connection from this host, as a local Prometheus scrapes.
    const real = await fetch(`${t.url}/metrics`);
    expect(real.status).toBe(200);
    expect(await real.text()).toContain('ambassador_asks_total');
    expect((await fetch(`${t.url}/metrics`, { headers: { 'x-real-ip': '203.0.113.9' } })).status).toBe(403);
    for (const address of ['192.168.1.20', '10.0.0.5', '203.0.113.9']) {
      const res = await from(address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: 'forbidden' });
    }
    // A proxy on this host makes every visitor's request local: relayed ones are refused.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await from('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(403);
  });
});

describe('GET /metrics with METRICS_TOKEN, under load', () => {
  const token = 'scrape-token-0123456789abcdef';
  const t = suiteApp(
    'pglite',
    { METRICS_TOKEN: token },
    {
      shedLimits: ONE_SLOT,
    },
  );
  let admin: Session;
  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
  });
  const get = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

  it('asks for the bearer token, from this host too, and takes it from anywhere', async () => {
    const tries: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abc' },
      { authorization: token },
    ];
    for (const headers of tries) {
      const res = await get(headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ success: false, error: 'unauthorized' });
    }
    expect((await get({ authorization: `Bearer ${token}` }, '203.0.113.9')).statusCode).toBe(200);
    expect(
      (await get({ authorization: `bearer ${token}`, 'x-forwarded-for': '203.0.113.9' })).statusCode,
    ).toBe(200);
  });

  it('counts the requests the load shedder refused, by priority', async () => {
    const url =
      '/admin_panel/conversation?device_ids=1&start_datetime=2020-01-01&end_datetime=2030-01-01&search=anything';
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url, headers: admin.headers })),
    );
    const shed = results.filter((r) => r.statusCode === 503).length;
    expect(shed).toBeGreaterThan(0);
    const text = await scrape(t, { authorization: `Bearer ${token}` });
    expect(sample(text, 'ambassador_load_shed_requests_total', { priority: 'low' })).toBe(shed);
    expect(sample(text, 'ambassador_load_shed_requests_total', { priority: 'high' })).toBe(0);
    expect(sample(text, 'ambassador_load_queued_requests', { priority: 'low' })).toBe(0);
    expect(
      sample(text, 'ambassador_http_requests_total', {
        route: '/admin_panel/conversation',
        method: 'GET',
        status: '503',
      }),
    ).toBe(shed);
  });
});

describe('who may scrape', () => {
  it('compares tokens whatever their lengths, and knows loopback addresses', () => {
    const scraper = { peer: '127.0.0.1', proxied: false };
    expect(admit({ ...scraper, authorization: 'Bearer abc' }, 'abcdefghijklmnop')).toBe('unauthorized');
    expect(admit({ ...scraper, authorization: undefined }, 'abcdefghijklmnop')).toBe('unauthorized');
    expect(admit({ ...scraper, authorization: 'Bearer abcdefghijklmnop' }, 'abcdefghijklmnop')).toBe('ok');
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'fe80::1', undefined].some(isLoopback)).toBe(false);
  });
});
