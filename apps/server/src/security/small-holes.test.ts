import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, backends } from '../test/harness.js';
import { projectFixture } from '../test/project.js';
import { adminCall, deviceCall, seedContent } from '../test/tenant.js';

/** A built console stand-in: the server serves index.html for its client-side routes. */
const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-console-'));
fs.mkdirSync(path.join(consoleDir, 'assets'));
fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
fs.writeFileSync(path.join(consoleDir, 'assets', 'app.js'), 'console.log(1)');

describe.each(backends)('the small holes stay closed, on %s', (kind) => {
  const t = projectFixture(kind, { env: { CONSOLE_DIR: consoleDir, TRUST_PROXY: 'true' } });
  const { admin } = t;
  let seed: Awaited<ReturnType<typeof seedContent>>;

  beforeAll(async () => {
    seed = await seedContent(t.app, admin, 1, 'OWN');
  });

  it('refuses a NUL in sign-in with 400, not 500', async () => {
    for (const payload of [
      { username: 'admin\u0000', password: 'x' },
      { username: 'admin', password: 'pa\u0000ss' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/admin_panel/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'invalid_text' });
    }
  });

  it('refuses a question with a NUL, and logs nothing for it', async () => {
    const before = await adminCall(
      t.app,
      admin,
      'GET',
      `/conversation?device_ids=1&start_datetime=2000-01-01&end_datetime=2100-01-01`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/ask',
      headers: { authorization: `Bearer ${seed.key}` },
      payload: { session_id: seed.visitSession, text: 'where\u0000is it', language: 'english' },
    });
    expect(res.statusCode).toBe(400);
    const after = await adminCall(
      t.app,
      admin,
      'GET',
      `/conversation?device_ids=1&start_datetime=2000-01-01&end_datetime=2100-01-01`,
    );
    expect(after).toHaveLength(before.length);
  });

  it('refuses lone UTF-16 surrogates with 400 instead of storing U+FFFD', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/admin_panel/ai_config/intents/intent',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: `{"device_id":1,"id":${seed.ids.topic},"remarks":"half \\ud83d a face"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_text');
    const topic = await adminCall(
      t.app,
      admin,
      'GET',
      `/ai_config/intents/intent?device_id=1&intent_id=${seed.ids.topic}`,
    );
    expect(topic.remarks).toBe('OWN remarks');
    // A whole surrogate pair (an emoji) is text like any other.
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/admin_panel/ai_config/intents/intent',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: `{"device_id":1,"id":${seed.ids.topic},"remarks":"a face \\ud83d\\ude00"}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.remarks).toBe('a face 😀');
  });

  it('takes {"id": true} as no id at all, and renames nothing', async () => {
    const before = await adminCall(t.app, admin, 'GET', '/admin_settings/devices');
    for (const id of [true, '1e0', 1.0000001, '0x1', ' 1', []]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/admin_panel/admin_settings/devices',
        headers: admin.headers,
        payload: { id, description: 'renamed' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await adminCall(t.app, admin, 'GET', '/admin_settings/devices')).toEqual(before);
  });

  it('marks every API answer no-store, sign-in included; the device API too', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/admin_panel/login', payload: ADMIN });
    expect(signIn.headers['cache-control']).toBe('no-store');
    const failed = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'x', password: 'y' },
    });
    expect(failed.headers['cache-control']).toBe('no-store');
    const read = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/admin_settings/users',
      headers: admin.headers,
    });
    expect(read.headers['cache-control']).toBe('no-store');
    const config = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/config',
      headers: { authorization: `Bearer ${seed.key}` },
    });
    expect(config.headers['cache-control']).toBe('no-store');
  });

  it('answers a missing script with 404, a client-side route with the console', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>console</title>');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/ai/keyword/question/3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>console</title>');
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('answers an over-long path parameter in the envelope (414), a broken escape with 400', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/chat/history/${'x'.repeat(150)}`,
      headers: admin.headers,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, data: null });
    const broken = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/chat/history/%E0%A4%A',
      headers: admin.headers,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false });
  });

  it('refuses a huge id on every kind of id field with 400', async () => {
    for (const id of [2 ** 31, 1e308, '99999999999', -1, 0]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin_panel/ai_config/intents/intent?device_id=1&intent_id=${id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(400);
      const body = await t.app.inject({
        method: 'PUT',
        url: '/admin_panel/conversation',
        headers: admin.headers,
        payload: { id, bookmarked: true },
      });
      expect(body.statusCode).toBe(400);
    }
    await deviceCall(t.app, seed.key, 'GET', '/config');
  });
});
