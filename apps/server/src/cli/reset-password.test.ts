import { describe, expect, it } from 'vitest';
import { ADMIN, backends, login, suiteApp } from '../test/harness.js';
import { resetPasswordOffline } from './reset-password.js';

describe.each(backends)('offline password reset on %s', (kind) => {
  const t = suiteApp(kind);

  it('gives a locked-out admin a temporary password and ends their sessions', async () => {
    const session = await login(t.app, ADMIN.username, ADMIN.password);
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/admin_panel/login',
        payload: { username: 'admin', password: 'x' },
      });
    }
    const result = await resetPasswordOffline(t.database.db, 'ADMIN');
    expect(result?.username).toBe('admin');
    const devices = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/interface/devices?project_id=1',
      headers: session.headers,
    });
    expect(devices.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'admin', password: result!.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_password_expired).toBe(true);
    expect(
      (await t.app.inject({ method: 'POST', url: '/admin_panel/login', payload: ADMIN })).statusCode,
    ).toBe(401);
  });

  it('says nothing changed for an unknown username', async () => {
    expect(await resetPasswordOffline(t.database.db, 'nobody')).toBeUndefined();
  });
});
