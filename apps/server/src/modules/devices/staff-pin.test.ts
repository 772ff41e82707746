import { describe, expect, it } from 'vitest';
import { backends } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(backends)('the kiosk’s staff PIN, on %s', (kind) => {
  const t = projectFixture(kind, { devices: { lobby: 'Lobby kiosk' }, other: { theirs: 'Their kiosk' } });
  const { admin } = t;
  const call = (method: Method, url: string, payload?: object, session = admin) =>
    t.app.inject({ method, url: `/admin_panel${url}`, headers: session.headers, payload });
  const unpair = (pin: string, key = t.devices.lobby.key) =>
    t.app.inject({
      method: 'POST',
      url: '/device_api/v1/staff/unpair',
      headers: { authorization: `Bearer ${key}` },
      payload: { pin },
    });
  const managed = async (id: number) => {
    const res = await call('GET', '/admin_settings/devices');
    return (
      res.json().data as Array<{ id: number; has_staff_pin: boolean; unpaired_at: string | null }>
    ).find((d) => d.id === id)!;
  };

  it('refuses to unpair a kiosk on site while no PIN is set: only the console can', async () => {
    const res = await unpair('1234');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'no_staff_pin' });
    expect(await managed(t.devices.lobby.id)).toMatchObject({ has_staff_pin: false, unpaired_at: null });
  });

  it('takes 4 to 8 digits only, and only for a device of the project', async () => {
    for (const pin of ['12', '123456789', 'abcd', '12 34', '１２３４']) {
      const res = await call('PUT', '/admin_settings/devices/staff_pin', { id: t.devices.lobby.id, pin });
      expect(res.statusCode, pin).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ path: ['pin'], key: 'staff_pin_digits' });
    }
    const theirs = await call('PUT', '/admin_settings/devices/staff_pin', {
      id: t.devices.theirs.id,
      pin: '4321',
    });
    expect(theirs.statusCode).toBe(403);
    expect(await managed(t.devices.lobby.id)).toMatchObject({ has_staff_pin: false });
  });

  it('unpairs with the right PIN (logged on the device), never with a wrong one, and stops guessing', async () => {
    const set = await call('PUT', '/admin_settings/devices/staff_pin', {
      id: t.devices.lobby.id,
      pin: '2468',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ has_staff_pin: true });
    // Their admin cannot read it as theirs, nor does their kiosk's PIN (none) open ours.
    expect((await unpair('2468', t.devices.theirs.key)).json()).toMatchObject({ error: 'no_staff_pin' });

    const wrong = await unpair('1111');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'wrong_pin' });
    expect((await managed(t.devices.lobby.id)).unpaired_at).toBeNull();

    const right = await unpair('2468');
    expect(right.statusCode).toBe(200);
    expect((await managed(t.devices.lobby.id)).unpaired_at).not.toBeNull();
    // The key stays valid: the kiosk pairs again with the same key.
    const config = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/config',
      headers: { authorization: `Bearer ${t.devices.lobby.key}` },
    });
    expect(config.statusCode).toBe(200);

    for (let i = 0; i < 5; i++) expect((await unpair(`000${i}`)).statusCode).toBe(403);
    const locked = await unpair('2468');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'locked_out' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('removes the PIN: unpairing on site is refused again', async () => {
    const res = await call('PUT', '/admin_settings/devices/staff_pin', { id: t.devices.lobby.id, pin: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ has_staff_pin: false });
  });
});
