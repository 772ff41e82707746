import { describe, expect, it } from 'vitest';
import { backends, createUser, login } from '../test/harness.js';
import { projectFixture } from '../test/project.js';

describe.each(backends)('who may call what, on %s', (kind) => {
  const t = projectFixture(kind, { other: {} });
  const { admin, otherProject: other } = t;

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/admin_panel${url}`, headers });

  it('lists the demo project devices: two ambassadors and a chatbot', async () => {
    const res = await get('/interface/devices?project_id=1', admin.headers);
    expect(res.statusCode).toBe(200);
    const devices = res.json().data;
    expect(devices).toHaveLength(3);
    expect(devices.map((d: { kind: string }) => d.kind).sort()).toEqual([
      'ambassador',
      'ambassador',
      'chatbot',
    ]);
    expect(Object.keys(devices[0]).sort()).toEqual(['description', 'id', 'kind', 'languages']);
  });

  it.each([
    ['no token', {}, 401],
    ['an unknown token', { access_token: 'forged', auth_project_id: '1' }, 401],
    ['no project header', { access_token: 'TOKEN' }, 403],
    ["another project's id", { access_token: 'TOKEN', auth_project_id: 'OTHER' }, 403],
  ])('answers %s with %i', async (_name, headers: Record<string, string>, status) => {
    const h = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [
        k,
        v.replace('TOKEN', admin.token).replace('OTHER', String(other.projectId)),
      ]),
    );
    const res = await get('/admin_settings/users', h);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it('takes Authorization: Bearer and auth-project-id too (proxies that drop names with underscores)', async () => {
    const bearer = { authorization: `Bearer ${admin.token}`, 'auth-project-id': String(admin.projectId) };
    expect((await get('/admin_settings/users', bearer)).statusCode).toBe(200);
    expect(
      (await get('/admin_settings/users', { ...bearer, authorization: 'Bearer forged' })).statusCode,
    ).toBe(401);
    const elsewhere = { ...bearer, 'auth-project-id': String(other.projectId) };
    expect((await get('/admin_settings/users', elsewhere)).statusCode).toBe(403);
    // A device key is not an admin token.
    expect((await get('/admin_settings/users', { ...bearer, authorization: 'Basic abc' })).statusCode).toBe(
      401,
    );
  });

  it("refuses another project's devices and device ids with 403", async () => {
    expect((await get(`/interface/devices?project_id=${other.projectId}`, admin.headers)).statusCode).toBe(
      403,
    );
    const res = await get(`/admin_settings/users?device_id=${other.deviceId}`, admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This device is not in your project.');
    const body = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/admin_settings/users',
      headers: admin.headers,
      payload: { device_id: other.deviceId, username: 'sneaky', password: 'Sneaky-Passw0rd!', role_id: 1 },
    });
    expect(body.statusCode).toBe(403);
    expect((await get('/admin_settings/users?device_id=1', admin.headers)).statusCode).toBe(200);
  });

  it("never shows another project's users, and the other admin cannot see ours", async () => {
    const ours = (await get('/admin_settings/users', admin.headers))
      .json()
      .data.map((u: { username: string }) => u.username);
    expect(ours).not.toContain(other.username);
    const theirs = await login(t.app, other.username, other.password);
    const list = (await get('/admin_settings/users', theirs.headers)).json();
    expect(list.data.map((u: { username: string }) => u.username)).toEqual([other.username]);
    expect(list.total).toBe(1);
    // Editing or deleting our user by id from the other project is a 404: it is not theirs to see.
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/admin_panel/admin_settings/users',
      headers: theirs.headers,
      payload: { user_id: admin.userId },
    });
    expect(del.statusCode).toBe(404);
  });

  it('enforces roles: user and service roles cannot open Admin Settings', async () => {
    const { session: user } = await createUser(t.app, admin, { username: 'role-user', role_id: 1 });
    const { session: service } = await createUser(t.app, admin, { username: 'role-service', role_id: 2 });
    for (const s of [user, service]) {
      const res = await get('/admin_settings/users', s.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your role does not have access to this page.');
      expect((await get('/interface/devices?project_id=1', s.headers)).statusCode).toBe(200);
    }
    const userLogin = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'role-service', password: 'Us3r-Passw0rd!' },
    });
    expect(userLogin.json().data.page_access).toEqual([
      '/dashboard',
      '/chat',
      '/live_video',
      '/message',
      '/conversation',
    ]);
  });

  it('page_access narrows an admin: without /setting the users call is 403', async () => {
    const { session, password } = await createUser(t.app, admin, {
      username: 'narrow-admin',
      role_id: 3,
      page_access: ['/dashboard', '/ai'],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'narrow-admin', password },
    });
    expect(res.json().data.page_access).toEqual(['/dashboard', '/ai']);
    expect((await get('/admin_settings/users', session.headers)).statusCode).toBe(403);
  });

  it('answers unknown calls with a 404 envelope', async () => {
    const res = await get('/no/such/call', admin.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'not_found' });
  });
});
