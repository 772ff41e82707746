import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PANEL_PROJECT,
  LIVE_EVENT,
  SOCKET,
  type ChatEvent,
  type ChatWaitingDevice,
  type DeviceChat,
} from '@ambassador/contracts';
import { backends, createUser } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { adminSocket, closeSockets, collect, connected, nextMessage } from '../../test/sockets.js';

type Method = 'GET' | 'POST';

/**
 * The chats waiting for staff across every device of the project (issue 13): what the console's
 * Live Chat badge and notices are made of, whichever device is selected.
 */
describe.each(backends)('chats waiting for staff on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Main Lobby', wing: 'North Wing' },
    other: { foreign: 'Foreign Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { lobby, wing, foreign } = t.devices;
  afterEach(() => closeSockets());

  const adminCall = (method: Method, path: string, s = admin, payload?: object) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const adminOk = async (method: Method, path: string, s = admin, payload?: object) => {
    const res = await adminCall(method, path, s, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json() as { data: unknown; total?: number };
  };
  /** GET /chat/waiting as the console calls it: with the selected device's id in the query. */
  const waiting = async (s = admin, selected = lobby.id) => {
    const body = await adminOk('GET', `/chat/waiting?device_id=${selected}`, s);
    return { devices: body.data as ChatWaitingDevice[], total: body.total };
  };
  const deviceOk = async (key: string, path: string, payload: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/device_api/v1${path}`,
      headers: { authorization: `Bearer ${key}` },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`POST ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  let seq = 0;
  const startChat = (key: string): Promise<DeviceChat> =>
    deviceOk(key, '/chats', { language: 'english', name: `Visitor ${++seq}` });
  const visitorSays = (key: string, sessionId: string, message: string) =>
    deviceOk(key, `/chats/${sessionId}/messages`, { message, client_id: `client-waiting-${++seq}` });
  const nextChatEvent = (socket: Socket, filter: (e: ChatEvent) => boolean) =>
    nextMessage<ChatEvent>(
      socket,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.chatMessage && filter(e),
    );

  it('counts every device’s waiting chats of the caller’s project only; reading, answering and ending lower them', async () => {
    expect(await waiting()).toEqual({ devices: [], total: 0 });

    const a = await startChat(wing.key);
    await visitorSays(wing.key, a.session_id, 'Is anyone there?');
    await visitorSays(wing.key, a.session_id, 'I need help with parking.');
    t.clock.advance(1_000);
    const b = await startChat(lobby.key);
    const foreignChat = await startChat(foreign.key);

    // Main Lobby is selected; North Wing's visitor counts all the same. The other project's does not.
    expect(await waiting()).toEqual({
      devices: [
        {
          device_id: lobby.id,
          device_name: 'Main Lobby',
          chats: 1,
          unread: 0,
          latest_session_id: b.session_id,
        },
        {
          device_id: wing.id,
          device_name: 'North Wing',
          chats: 1,
          unread: 2,
          latest_session_id: a.session_id,
        },
      ],
      total: 2,
    });
    expect((await waiting(other, foreign.id)).devices).toEqual([
      {
        device_id: foreign.id,
        device_name: 'Foreign Kiosk',
        chats: 1,
        unread: 0,
        latest_session_id: foreignChat.session_id,
      },
    ]);

    // A second visitor on North Wing: the newest is where "Open" goes.
    t.clock.advance(1_000);
    const c = await startChat(wing.key);
    expect((await waiting()).devices.find((d) => d.device_id === wing.id)).toMatchObject({
      chats: 2,
      unread: 2,
      latest_session_id: c.session_id,
    });

    // An operator reads the first chat: it no longer waits.
    await adminOk('GET', `/chat/history/${a.session_id}`);
    expect((await waiting()).devices.find((d) => d.device_id === wing.id)).toMatchObject({
      chats: 1,
      unread: 0,
      latest_session_id: c.session_id,
    });

    // An operator answers the second without opening it first: that counts as seen too.
    await adminOk('POST', '/chat/send', admin, {
      session_id: c.session_id,
      message: 'Hello, how can I help?',
    });
    expect((await waiting()).devices.map((d) => d.device_id)).toEqual([lobby.id]);

    // The first visitor writes again: waiting again, with that one message unread.
    await visitorSays(wing.key, a.session_id, 'Still there?');
    expect((await waiting()).devices.find((d) => d.device_id === wing.id)).toMatchObject({
      chats: 1,
      unread: 1,
      latest_session_id: a.session_id,
    });

    // The visitor leaves: an ended chat waits for nobody.
    await deviceOk(wing.key, `/chats/${a.session_id}/end`);
    expect(await waiting()).toMatchObject({ devices: [{ device_id: lobby.id }], total: 1 });
  });

  it('is Live Chat’s: a user who may not open /chat gets a 403', async () => {
    const { session } = await createUser(t.app, admin, {
      username: 'video_only',
      role_id: 2,
      page_access: ['/live_video'],
    });
    const res = await adminCall('GET', `/chat/waiting?device_id=${lobby.id}`, session);
    expect(res.statusCode).toBe(403);
  });

  it('tells every Live Chat console of the project when a chat starts or is read, and nobody else', async () => {
    const chatConsole = await connected(adminSocket(t.url, admin, 'chat-tab'));
    const { session: videoOnly } = await createUser(t.app, admin, {
      username: 'video_only_live',
      role_id: 2,
      page_access: ['/live_video'],
    });
    const videoConsole = await connected(adminSocket(t.url, videoOnly, 'video-tab', 'video_only_live'));
    const foreignConsole = await connected(adminSocket(t.url, other, 'foreign-tab'));
    const heardByVideo = collect<{ name: string }>(videoConsole, SOCKET.event);
    const heardByForeign = collect<{ name: string }>(foreignConsole, SOCKET.event);

    const started = nextChatEvent(chatConsole, (e) => e.change === 'started');
    const chat = await startChat(wing.key);
    expect(await started).toMatchObject({
      device_id: wing.id,
      device_name: 'North Wing',
      session_id: chat.session_id,
      change: 'started',
      message: null,
    });

    const read = nextChatEvent(chatConsole, (e) => e.change === 'read');
    await adminOk('GET', `/chat/history/${chat.session_id}`);
    expect(await read).toMatchObject({ device_id: wing.id, session_id: chat.session_id, unread: 0 });

    // Reading it again changes nothing, so nothing more is announced; the reply to a message sent
    // after both readings proves no 'read' event is still on its way to this console.
    const heardByChat = collect<ChatEvent>(chatConsole, SOCKET.event);
    await adminOk('GET', `/chat/history/${chat.session_id}`);
    await chatConsole.emitWithAck(SOCKET.subscribe, {
      project: ADMIN_PANEL_PROJECT,
      client_id: 'chat-tab',
      username: 'admin',
    });
    expect(heardByChat).toEqual([]);

    // The consoles that may not open Live Chat, or are another project's, heard none of it: each
    // one's own reply comes after anything the server sent it before.
    for (const [socket, heard, tab] of [
      [videoConsole, heardByVideo, 'video-tab'],
      [foreignConsole, heardByForeign, 'foreign-tab'],
    ] as const) {
      await socket.emitWithAck(SOCKET.subscribe, {
        project: ADMIN_PANEL_PROJECT,
        client_id: tab,
        username: 'x',
      });
      expect(heard.filter((e) => e.name === LIVE_EVENT.chatMessage)).toEqual([]);
    }
  });
});
