import { describe, expect, it } from 'vitest';
import { ADMIN, backends, createUser, login, type Session } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';

describe.each(backends)('user management on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    payload?: object,
    s: Session = admin,
    query = '',
  ) =>
    t.app.inject({ method, url: `/admin_panel/admin_settings/users${query}`, headers: s.headers, payload });
  const whoami = (s: Session) =>
    t.app.inject({ method: 'GET', url: '/admin_panel/interface/devices?project_id=1', headers: s.headers });

  it('creates a user and lists it, without the password hash', async () => {
    const res = await call('POST', {
      device_id: 1,
      username: '店長-mary',
      password: 'Mary-Passw0rd!',
      role_id: 1,
      languages: ['cantonese', 'english'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      username: '店長-mary',
      role_id: 1,
      languages: ['cantonese', 'english'],
      page_access: [],
      is_password_expired: true,
    });
    const list = await call('GET', undefined, admin, '?limit=10&offset=0&device_id=1');
    expect(list.json().total).toBe(2);
    expect(JSON.stringify(list.json())).not.toMatch(/hash|argon/i);
    // A new user must choose a password at first sign-in.
    const first = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: '店長-mary', password: 'Mary-Passw0rd!' },
    });
    expect(first.json().data.is_password_expired).toBe(true);
  });

  it('pages with limit, offset and total', async () => {
    for (let i = 0; i < 11; i++) {
      const res = await call('POST', {
        username: `pager${String(i).padStart(2, '0')}`,
        password: 'Pager-Passw0rd!',
        role_id: 2,
      });
      expect(res.statusCode).toBe(200);
    }
    const page1 = (await call('GET', undefined, admin, '?limit=10&offset=0')).json();
    const page2 = (await call('GET', undefined, admin, '?limit=10&offset=10')).json();
    expect(page1.data).toHaveLength(10);
    expect(page1.total).toBe(page2.total);
    expect(page2.data.length).toBe(page1.total - 10);
    const names = [...page1.data, ...page2.data].map((u: { username: string }) => u.username);
    expect(new Set(names).size).toBe(names.length);
    expect((await call('GET', undefined, admin, '?limit=0')).statusCode).toBe(400);
    expect((await call('GET', undefined, admin, '?offset=-1')).statusCode).toBe(400);
  });

  it('explains each password rule that fails and names the field', async () => {
    const res = await call('POST', { username: 'weak', password: 'weakpass', role_id: 1 });
    expect(res.statusCode).toBe(400);
    const msg = res.json().message;
    expect(msg).toContain('password: Password needs an uppercase letter');
    expect(msg).toContain('password: Password needs a number');
    expect(msg).toContain('password: Password needs a symbol');
    const short = await call('POST', { username: 'short', password: 'A1!a', role_id: 1 });
    expect(short.json().message).toContain('Min 8 characters');
    const noRole = await call('POST', { username: 'norole', password: 'Good-Passw0rd!' });
    expect(noRole.json().message).toContain('role_id: Role is required');
    const badName = await call('POST', { username: 'has space', password: 'Good-Passw0rd!', role_id: 1 });
    expect(badName.json().message).toContain('username:');
    expect((await call('GET')).json().data.map((u: { username: string }) => u.username)).not.toContain(
      'weak',
    );
  });

  it('lists each failed rule of a 400 with its key and parameters, beside the English message', async () => {
    const res = await call('POST', { username: 'x'.repeat(65), password: 'alllower1!' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, error: 'validation_error' });
    expect(body.message).toBe(
      'Invalid input. username: Maximum 64 characters; password: Password needs an uppercase letter; role_id: Role is required',
    );
    expect(body.issues).toEqual([
      {
        path: ['username'],
        message: 'Maximum 64 characters',
        key: 'maximum_characters',
        params: { max: 64 },
      },
      {
        path: ['password'],
        message: 'Password needs an uppercase letter',
        key: 'password_uppercase',
        params: {},
      },
      { path: ['role_id'], message: 'Role is required', key: 'role_required', params: {} },
    ]);
    // A refusal that is not about the input carries no issues.
    const taken = await call('POST', { username: ADMIN.username, password: 'Good-Passw0rd!', role_id: 1 });
    expect(taken.json()).toMatchObject({ error: 'username_taken' });
    expect(taken.json()).not.toHaveProperty('issues');
  });

  it('keeps repeated languages and pages once, and refuses unknown pages', async () => {
    const res = await call('POST', {
      username: 'repeats',
      password: 'Good-Passw0rd!',
      role_id: 1,
      languages: ['english', 'english', 'mandarin'],
      page_access: ['/ai', '/ai', '/dashboard'],
    });
    expect(res.json().data).toMatchObject({
      languages: ['english', 'mandarin'],
      page_access: ['/ai', '/dashboard'],
    });
    const unknown = await call('PUT', { user_id: res.json().data.user_id, page_access: ['/secret'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('page_access.0');
    const flood = await call('PUT', {
      user_id: res.json().data.user_id,
      languages: Array(50).fill('english'),
    });
    expect(flood.statusCode).toBe(400);
  });

  it('refuses a username that exists in any case with 409', async () => {
    const res = await call('POST', { username: 'ADMIN', password: 'Good-Passw0rd!', role_id: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username already exists.');
  });

  it("changing a user's role or page access signs them out everywhere at once", async () => {
    const { user, session } = await createUser(t.app, admin, { username: 'demoted', role_id: 3 });
    expect((await whoami(session)).statusCode).toBe(200);
    const res = await call('PUT', { device_id: 1, user_id: user.user_id, role_id: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role_id).toBe(2);
    expect((await whoami(session)).statusCode).toBe(401);

    const again = await login(t.app, 'demoted', 'Us3r-Passw0rd!');
    // Renaming or changing languages does not end sessions.
    await call('PUT', { user_id: user.user_id, languages: ['german'] });
    expect((await whoami(again)).statusCode).toBe(200);
    await call('PUT', { user_id: user.user_id, page_access: ['/dashboard'] });
    expect((await whoami(again)).statusCode).toBe(401);
  });

  it('an admin resetting a password ends that user’s sessions and makes it temporary', async () => {
    const { user, session } = await createUser(t.app, admin, { username: 'forgetful', role_id: 1 });
    const res = await call('PUT', { user_id: user.user_id, password: 'Temp-Passw0rd!' });
    expect(res.json().data.is_password_expired).toBe(true);
    expect((await whoami(session)).statusCode).toBe(401);
    const next = await login(t.app, 'forgetful', 'Temp-Passw0rd!');
    expect(next).toBeTruthy();
  });

  it('an expired password allows only the own reset, with the old password', async () => {
    const create = await call('POST', { username: 'expired', password: 'First-Passw0rd!', role_id: 3 });
    const userId = create.json().data.user_id;
    const s = await login(t.app, 'expired', 'First-Passw0rd!');
    const list = await call('GET', undefined, s);
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe('password_expired');
    expect((await call('PUT', { user_id: userId, role_id: 1 }, s)).statusCode).toBe(403);
    expect((await call('PUT', { user_id: admin.userId, password: 'Hijack-Passw0rd!' }, s)).statusCode).toBe(
      403,
    );

    const noOld = await call('PUT', { user_id: userId, password: 'Second-Passw0rd!' }, s);
    expect(noOld.statusCode).toBe(400);
    const wrongOld = await call(
      'PUT',
      { user_id: userId, password: 'Second-Passw0rd!', old_password: 'nope' },
      s,
    );
    expect(wrongOld.json().message).toBe('Current password is incorrect.');
    const same = await call(
      'PUT',
      { user_id: userId, password: 'First-Passw0rd!', old_password: 'First-Passw0rd!' },
      s,
    );
    expect(same.json().error).toBe('password_reused');

    const ok = await call(
      'PUT',
      { user_id: userId, password: 'Second-Passw0rd!', old_password: 'First-Passw0rd!' },
      s,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.is_password_expired).toBe(false);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'expired', password: 'Second-Passw0rd!' },
    });
    expect(fresh.json().data.is_password_expired).toBe(false);
    expect((await call('GET', undefined, await login(t.app, 'expired', 'Second-Passw0rd!'))).statusCode).toBe(
      200,
    );
  });

  it('a plain user may change their own password but nothing else', async () => {
    const { user, session } = await createUser(t.app, admin, { username: 'plain', role_id: 1 });
    expect((await call('PUT', { user_id: user.user_id, role_id: 3 }, session)).statusCode).toBe(403);
    const res = await call(
      'PUT',
      { user_id: user.user_id, password: 'Plain-Passw0rd2!', old_password: 'Us3r-Passw0rd!' },
      session,
    );
    expect(res.statusCode).toBe(200);
    expect((await whoami(session)).statusCode).toBe(200); // the session that changed it stays
  });

  it('deletes a user and ends their sessions; refuses self-delete and the last admin', async () => {
    const { user, session } = await createUser(t.app, admin, { username: 'leaving', role_id: 1 });
    const del = await call('DELETE', { device_id: 1, user_id: user.user_id });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ success: true, message: 'User deleted.' });
    expect((await whoami(session)).statusCode).toBe(401);
    expect((await call('DELETE', { user_id: user.user_id })).statusCode).toBe(404);

    const self = await call('DELETE', { user_id: admin.userId });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own account.');
  });

  it('keeps at least one admin in the project', async () => {
    const users = (await call('GET', undefined, admin, '?limit=100')).json().data as Array<{
      user_id: number;
      role_id: number;
    }>;
    for (const u of users.filter((u) => u.role_id === 3 && u.user_id !== admin.userId)) {
      await call('PUT', { user_id: u.user_id, role_id: 1 });
    }
    const res = await call('PUT', { user_id: admin.userId, role_id: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A project needs at least one admin.');
  });
});
