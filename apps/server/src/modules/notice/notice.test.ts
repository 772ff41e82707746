import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET } from '@ambassador/contracts';
import { projectFixture } from '../../test/project.js';
import {
  closeSockets,
  connected,
  createDevice,
  deviceSocket,
  listen,
  nextMessage,
} from '../../test/sockets.js';

describe('example area: a notice', () => {
  const t = projectFixture('pglite');
  afterEach(() => closeSockets());

  it('an operator sets it; the kiosk hears it and its config carries it', async () => {
    const device = await createDevice(t.app, t.admin, 'Notice Kiosk');
    const url = await listen(t.app);
    const socket = await connected(deviceSocket(url, device.key));
    const heard = nextMessage(socket, SOCKET.notice);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/admin_panel/notice',
      headers: t.admin.headers,
      payload: { device_id: device.id, text: 'Lifts B are closed today' },
    });
    expect(res.statusCode).toBe(200);
    expect(await heard).toEqual({ text: 'Lifts B are closed today' });
    const config = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/config',
      headers: { authorization: `Bearer ${device.key}` },
    });
    expect(config.json().data.notice).toEqual({ text: 'Lifts B are closed today' });
  });
});
