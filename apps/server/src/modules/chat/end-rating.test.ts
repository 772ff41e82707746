import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET } from '@ambassador/contracts';
import { backends } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { closeSockets, connected, deviceSocket, nextMessage } from '../../test/sockets.js';

describe.each(backends)('an operator ends a chat, the visitor rates it, on %s', (kind) => {
  const t = projectFixture(kind, { devices: { kiosk: 'End Kiosk' }, other: { foreignKiosk: 'Foreign' } });
  const { admin, otherAdmin: other } = t;
  const { kiosk } = t.devices;
  afterEach(() => closeSockets());
  const call = (path: string, s = admin) =>
    t.app.inject({ method: 'POST', url: `/admin_panel${path}`, headers: s.headers });
  const device = (path: string, payload: object = {}, key = kiosk.key) =>
    t.app.inject({
      method: 'POST',
      url: `/device_api/v1${path}`,
      headers: { authorization: `Bearer ${key}` },
      payload,
    });
  const startChat = async (name: string) =>
    (await device('/chats', { language: 'english', name })).json().data.session_id as string;

  it('ends once: the kiosk hears it; a second end, or one after the visitor left, is a 409', async () => {
    const mia = await startChat('Mia');
    const socket = await connected(deviceSocket(t.url, kiosk.key));
    const heard = nextMessage<{ session_id: string; ended_at: string }>(socket, SOCKET.chatEnded);
    // Another project's admin cannot end it.
    expect((await call(`/chat/endusers/${mia}/end`, other)).statusCode).toBe(404);
    const ended = await call(`/chat/endusers/${mia}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data.ended_at).not.toBeNull();
    expect(await heard).toEqual({ session_id: mia, ended_at: ended.json().data.ended_at });
    const twice = await call(`/chat/endusers/${mia}/end`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('chat_ended');

    const noah = await startChat('Noah');
    await device(`/chats/${noah}/end`);
    const afterVisitor = await call(`/chat/endusers/${noah}/end`);
    expect(afterVisitor.statusCode).toBe(409);
    expect(afterVisitor.json().error).toBe('chat_ended');
  });

  it('stores one satisfaction answer per ended chat and shows it to the operators', async () => {
    const ada = await startChat('Ada');
    const open = await device(`/chats/${ada}/rating`, { rating: 4 });
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toBe('chat_open');
    await call(`/chat/endusers/${ada}/end`);
    for (const rating of [0, 6, 2.5]) {
      expect((await device(`/chats/${ada}/rating`, { rating })).statusCode).toBe(400);
    }
    const rated = await device(`/chats/${ada}/rating`, { rating: 4 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().data.rating).toBe(4);
    const again = await device(`/chats/${ada}/rating`, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('chat_rated');
    const seen = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/chat/endusers/${ada}`,
      headers: admin.headers,
    });
    expect(seen.json().data.rating).toBe(4);
    // Another device cannot rate this device's chat.
    const foreign = await device(`/chats/${ada}/rating`, { rating: 5 }, t.devices.foreignKiosk.key);
    expect(foreign.statusCode).toBe(404);
  });
});
