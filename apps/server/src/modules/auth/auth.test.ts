import { describe, expect, it } from 'vitest';
import { ADMIN, backends, login, suiteApp } from '../../test/harness.js';

describe.each(backends)('auth on %s', (kind) => {
  const t = suiteApp(kind);

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/admin_panel${url}`, payload: payload as object, headers });

  it('signs in and returns what the console needs, in the envelope', async () => {
    const res = await post('/login', ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Signed in.' });
    expect(body.data).toMatchObject({
      auth_project_id: 1,
      project_id: 1,
      username: 'admin',
      role_id: 3,
      page_access: 'all',
      is_password_expired: false,
      languages: ['english', 'cantonese', 'mandarin'],
    });
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(Object.keys(body.data)).not.toContain('password_hash');
  });

  it('accepts the username in any case', async () => {
    expect((await post('/login', { ...ADMIN, username: 'ADMIN' })).statusCode).toBe(200);
  });

  it('names missing fields in a 400', async () => {
    const res = await post('/login', { username: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
    expect(res.json().message).toContain('username: Username is required');
    expect(res.json().message).toContain('password: Password is required');
  });

  it('rejects malformed JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await post('/login', { username: 'a', password: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'The request is too large.' });
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await post('/login', { username: 'admin', password: 'Wrong-Passw0rd!' });
    const unknown = await post('/login', { username: 'nobody', password: 'Wrong-Passw0rd!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json().error).toBe('invalid_credentials');
    expect(unknown.json().error).toBe('invalid_credentials');
  });

  it('locks a username out for 15 minutes after 5 failures, the same for unknown names', async () => {
    for (const username of ['lockme', 'ghost-user']) {
      if (username === 'lockme') {
        const s = await login(t.app, ADMIN.username, ADMIN.password);
        const created = await t.app.inject({
          method: 'POST',
          url: '/admin_panel/admin_settings/users',
          headers: s.headers,
          payload: { username, password: 'Lock-Passw0rd!', role_id: 1, is_password_expired: false },
        });
        expect(created.statusCode).toBe(200);
      }
      for (let i = 0; i < 5; i++) {
        expect((await post('/login', { username, password: 'Wrong-Passw0rd!' })).statusCode).toBe(401);
      }
      const locked = await post('/login', { username, password: 'Lock-Passw0rd!' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({
        message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
        error: 'locked_out',
      });
    }
    // Other usernames are not affected.
    expect((await post('/login', ADMIN)).statusCode).toBe(200);
    t.clock.advance(14 * 60_000);
    expect((await post('/login', { username: 'lockme', password: 'Lock-Passw0rd!' })).statusCode).toBe(429);
    t.clock.advance(2 * 60_000);
    expect((await post('/login', { username: 'lockme', password: 'Lock-Passw0rd!' })).statusCode).toBe(200);
  });

  it('a success resets the failure count', async () => {
    for (let i = 0; i < 4; i++) await post('/login', { username: 'admin', password: 'Wrong-Passw0rd!' });
    expect((await post('/login', ADMIN)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await post('/login', { username: 'admin', password: 'Wrong-Passw0rd!' });
    expect((await post('/login', ADMIN)).statusCode).toBe(200);
  });

  it('logout revokes the token, and always answers success', async () => {
    const s = await login(t.app, ADMIN.username, ADMIN.password);
    const devices = () =>
      t.app.inject({ method: 'GET', url: `/admin_panel/interface/devices?project_id=1`, headers: s.headers });
    expect((await devices()).statusCode).toBe(200);
    const out = await post('/logout', { access_token: s.token });
    expect(out.json()).toMatchObject({ success: true });
    expect((await devices()).statusCode).toBe(401);
    expect((await post('/logout', { access_token: 'not-a-token' })).statusCode).toBe(200);
  });

  it('ends a session after the idle timeout and after its absolute lifetime', async () => {
    const devices = (s: { headers: Record<string, string> }) =>
      t.app.inject({ method: 'GET', url: `/admin_panel/interface/devices?project_id=1`, headers: s.headers });
    const idle = await login(t.app, ADMIN.username, ADMIN.password);
    t.clock.advance(59 * 60_000);
    expect((await devices(idle)).statusCode).toBe(200); // activity keeps it alive
    t.clock.advance(59 * 60_000);
    expect((await devices(idle)).statusCode).toBe(200);
    t.clock.advance(61 * 60_000);
    const res = await devices(idle);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'Your session has expired. Please sign in again.',
      error: 'session_expired',
    });

    const busy = await login(t.app, ADMIN.username, ADMIN.password);
    for (let h = 0; h < 12; h++) {
      expect((await devices(busy)).statusCode).toBe(200);
      t.clock.advance(59 * 60_000);
    }
    t.clock.advance(20 * 60_000); // past 12 hours in all
    expect((await devices(busy)).statusCode).toBe(401);
  });

  it('housekeeping removes ended sessions after a week and sign-in attempts after 30 days', async () => {
    const { sessions, loginAttempts } = await import('../../db/schema.js');
    const { createAuthRepo } = await import('./repo.js');
    const { createAuthService } = await import('./service.js');
    const auth = createAuthService({
      repo: createAuthRepo(t.database.db),
      clock: t.clock,
      log: t.app.log,
      sessionIdleMs: 60 * 60_000,
      sessionMaxMs: 12 * 3_600_000,
    });
    await login(t.app, ADMIN.username, ADMIN.password);
    const countOf = async (table: typeof sessions | typeof loginAttempts) =>
      (await t.database.db.select().from(table)).length;
    const sessionsBefore = await countOf(sessions);
    expect(sessionsBefore).toBeGreaterThan(1);
    expect(await auth.prune()).toEqual({ sessions: 0, loginAttempts: 0 }); // nothing old yet

    t.clock.advance(8 * 86_400_000);
    const afterWeek = await auth.prune();
    expect(afterWeek.sessions).toBe(sessionsBefore); // every earlier session has ended by now
    expect(afterWeek.loginAttempts).toBe(0);
    t.clock.advance(23 * 86_400_000);
    expect((await auth.prune()).loginAttempts).toBeGreaterThan(0);
    expect(await countOf(loginAttempts)).toBe(0);
  });
});
