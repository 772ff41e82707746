import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET } from '@ambassador/contracts';
import { backends, createUser, type Session } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { closeSockets, collect, connected, deviceSocket, nextMessage, settle } from '../../test/sockets.js';

describe.each(backends)('operators Available or Away on Live Chat, on %s', (kind) => {
  const t = projectFixture(kind, { devices: { kiosk: 'Away Kiosk' }, other: { foreignKiosk: 'Foreign' } });
  const { admin, otherAdmin: other } = t;
  const { kiosk } = t.devices;
  afterEach(() => closeSockets());
  const call = (method: 'GET' | 'PUT', path: string, s: Session, payload?: object) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const setAvailable = (s: Session, available: boolean) =>
    call('PUT', '/chat/availability', s, { available });
  const operators = async () =>
    Object.fromEntries(
      (await call('GET', '/chat/operators', admin))
        .json()
        .data.map((o: { username: string; available: boolean }) => [o.username, o.available]),
    );

  it('is kept per user; the kiosk hears when no operator of the project is Available, and back', async () => {
    const { session: colleague } = await createUser(t.app, admin, {
      username: 'colleague',
      role_id: 2,
      page_access: ['/chat'],
    });
    expect((await call('GET', '/chat/availability', admin)).json().data).toEqual({ available: true });
    const started = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/chats',
      headers: { authorization: `Bearer ${kiosk.key}` },
      payload: { language: 'english', name: 'Mia' },
    });
    expect(started.json().data.staff_available).toBe(true);
    const sessionId = started.json().data.session_id as string;

    const socket = await connected(deviceSocket(t.url, kiosk.key));
    const heard = collect<{ available: boolean }>(socket, SOCKET.chatStaff);
    // The admin steps away; the colleague is still there: the kiosk hears nothing.
    expect((await setAvailable(admin, false)).json().data).toEqual({ available: false });
    expect((await call('GET', '/chat/availability', admin)).json().data).toEqual({ available: false });
    expect(await operators()).toMatchObject({ admin: false, colleague: true });
    // Another project's operator going away changes nothing here.
    await setAvailable(other, false);
    await settle();
    expect(heard).toEqual([]);

    const away = nextMessage<{ available: boolean }>(socket, SOCKET.chatStaff);
    await setAvailable(colleague, false);
    expect(await away).toEqual({ available: false });
    const chat = await t.app.inject({
      method: 'GET',
      url: `/device_api/v1/chats/${sessionId}`,
      headers: { authorization: `Bearer ${kiosk.key}` },
    });
    expect(chat.json().data.staff_available).toBe(false);

    const back = nextMessage<{ available: boolean }>(socket, SOCKET.chatStaff);
    await setAvailable(colleague, true);
    expect(await back).toEqual({ available: true });
    expect(await operators()).toMatchObject({ admin: false, colleague: true });
    await setAvailable(admin, true);
    expect((await call('PUT', '/chat/availability', admin, { available: 'yes' })).statusCode).toBe(400);
  });
});
