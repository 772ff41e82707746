import { count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX,
  LIVE_EVENT,
  SOCKET,
  type ChatEndUser,
  type ChatMessage,
  type DeviceChat,
} from '@ambassador/contracts';
import { chatMessages, chatSessions } from '../../db/schema.js';
import type { Notifier } from '../../realtime/types.js';
import { ADMIN, backends, createUser } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import {
  adminSocket,
  closeSockets,
  collect,
  connected,
  deviceSocket,
  nextMessage,
  caughtUp,
} from '../../test/sockets.js';

type Method = 'GET' | 'POST' | 'PUT';
type LiveEvent = { name: string; session_id?: string; message?: ChatMessage | null; unread?: number };

const XSS = '<img src=x onerror=alert(1)>';

describe.each(backends)('live chat on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { kiosk: 'Chat Lobby Kiosk', otherKiosk: 'Chat Gate Kiosk' },
    other: { foreignKiosk: 'Foreign Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { kiosk, otherKiosk, foreignKiosk } = t.devices;
  afterEach(() => closeSockets());

  const adminCall = (method: Method, path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const adminData = async (method: Method, path: string, payload?: object) => {
    const res = await adminCall(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const device = (key: string, method: Method, path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/device_api/v1${path}`,
      headers: { authorization: `Bearer ${key}` },
      ...(payload && { payload }),
    });
  const deviceData = async (key: string, method: Method, path: string, payload?: object) => {
    const res = await device(key, method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };

  let clientSeq = 0;
  const clientId = () => `client-${Date.now()}-${++clientSeq}`;
  const startChat = (body: object = {}, key = kiosk.key): Promise<DeviceChat> =>
    deviceData(key, 'POST', '/chats', { language: 'english', ...body });
  const visitorSays = (sessionId: string, message: string, client_id = clientId(), key = kiosk.key) =>
    deviceData(key, 'POST', `/chats/${sessionId}/messages`, { message, client_id }) as Promise<ChatMessage>;
  const endUsers = async (query = '', deviceId = kiosk.id) => {
    const res = await adminCall('GET', `/chat/endusers?device_id=${deviceId}${query}`);
    if (res.statusCode !== 200) throw new Error(`endusers: ${res.statusCode} ${res.body}`);
    return res.json() as { data: ChatEndUser[]; total: number };
  };
  const rowCount = async (sessionId: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId));
    return row!.n;
  };
  /** The next chat_message event of this chat; with `withMessage`, one that carries a message. */
  const chatEvents = (socket: Socket, sessionId: string, withMessage = false) =>
    nextMessage<LiveEvent>(
      socket,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.chatMessage && e.session_id === sessionId && (!withMessage || !!e.message),
    );
  const openConsole = async (session = admin, tab = 'tab-1') => connected(adminSocket(t.url, session, tab));

  it('a visitor starts a chat and writes; the operators see it at once, unread and newest first', async () => {
    const console1 = await openConsole();
    const opened = nextMessage<LiveEvent>(
      console1,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.chatMessage,
    );
    const older = await startChat({ name: 'Earlier Visitor' });
    t.clock.advance(1_000);
    const chat = await startChat({ name: '  Ada Lee ', mobile: '+852 9123 4567' });
    expect(chat.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat).toMatchObject({ ended_at: null, messages: [] });
    // The new chat is announced with no message, so the list shows it before anything is said.
    expect(await opened).toMatchObject({ message: null, device_id: kiosk.id });

    // The chat's opening event may still be on its way: wait for the one with the message.
    const arrived = chatEvents(console1, chat.session_id, true);
    t.clock.advance(1_000);
    const sent = await visitorSays(chat.session_id, '  Where is the pharmacy?  ');
    expect(sent).toMatchObject({ sent_by_admin: false, sender: null, message: 'Where is the pharmacy?' });
    expect(await arrived).toMatchObject({
      name: LIVE_EVENT.chatMessage,
      project_id: admin.projectId,
      device_id: kiosk.id,
      session_id: chat.session_id,
      message: { id: sent.id, message: 'Where is the pharmacy?' },
      unread: 1,
    });

    const list = await endUsers();
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(list.data[0]).toMatchObject({
      session_id: chat.session_id,
      device_name: 'Chat Lobby Kiosk',
      name: 'Ada Lee',
      mobile: '+852 9123 4567',
      unread: 1,
      last_message: 'Where is the pharmacy?',
      ended_at: null,
    });
    const olderRow = list.data.find((u) => u.session_id === older.session_id);
    expect(olderRow).toMatchObject({ unread: 0, last_message: null });

    // A message moves the older chat back to the top.
    t.clock.advance(1_000);
    await visitorSays(older.session_id, 'Hello?');
    expect((await endUsers()).data.slice(0, 2).map((u) => u.session_id)).toEqual([
      older.session_id,
      chat.session_id,
    ]);
    // Another device's list does not show these chats.
    expect((await endUsers('', otherKiosk.id)).data.map((u) => u.session_id)).not.toContain(chat.session_id);
  });

  it('reading the history marks it read; a reply reaches the kiosk and every console', async () => {
    const chat = await startChat({ name: 'Ben' });
    await visitorSays(chat.session_id, 'First question');
    t.clock.advance(10);
    await visitorSays(chat.session_id, 'Second question');
    expect((await adminData('GET', `/chat/endusers/${chat.session_id}`)).unread).toBe(2);

    const history: ChatMessage[] = await adminData(
      'GET',
      `/chat/history/${chat.session_id}?device_id=${kiosk.id}`,
    );
    expect(history.map((m) => m.message)).toEqual(['First question', 'Second question']);
    expect((await adminData('GET', `/chat/endusers/${chat.session_id}`)).unread).toBe(0);

    const kioskSocket = await connected(deviceSocket(t.url, kiosk.key));
    const console1 = await openConsole();
    const toKiosk = nextMessage<ChatMessage>(kioskSocket, SOCKET.chatMessage);
    const toConsole = chatEvents(console1, chat.session_id, true);
    const reply: ChatMessage = await adminData('POST', '/chat/send', {
      session_id: chat.session_id,
      message: 'Level 2, next to the lifts.',
    });
    expect(reply).toMatchObject({ sent_by_admin: true, sender: ADMIN.username, client_id: null });
    expect(await toKiosk).toEqual(reply);
    expect(await toConsole).toMatchObject({ message: reply, unread: 0 });

    const seen: DeviceChat = await deviceData(kiosk.key, 'GET', `/chats/${chat.session_id}`);
    expect(seen.messages.map((m) => [m.sent_by_admin, m.message])).toEqual([
      [false, 'First question'],
      [false, 'Second question'],
      [true, 'Level 2, next to the lifts.'],
    ]);
    expect((await adminData('GET', `/chat/endusers/${chat.session_id}`)).last_message).toBe(
      'Level 2, next to the lifts.',
    );
  });

  it('stores and returns markup byte for byte, as plain text', async () => {
    const chat = await startChat({ name: XSS });
    await visitorSays(chat.session_id, XSS);
    const kioskSocket = await connected(deviceSocket(t.url, kiosk.key));
    const toKiosk = nextMessage<ChatMessage>(kioskSocket, SOCKET.chatMessage);
    const operatorText = `<script>alert("x")</script> & 'quotes' ${XSS}`;
    await adminData('POST', '/chat/send', { session_id: chat.session_id, message: operatorText });
    expect((await toKiosk).message).toBe(operatorText);

    const history: ChatMessage[] = await adminData('GET', `/chat/history/${chat.session_id}`);
    expect(history.map((m) => m.message)).toEqual([XSS, operatorText]);
    expect((await adminData('GET', `/chat/endusers/${chat.session_id}`)).name).toBe(XSS);
    const stored = await t.database.db
      .select({ message: chatMessages.message })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, chat.session_id));
    expect(stored.map((r) => r.message).sort()).toEqual([XSS, operatorText].sort());
  });

  it('a retried send with the same client id is stored and announced once', async () => {
    const chat = await startChat();
    const console1 = await openConsole();
    const kioskSocket = await connected(deviceSocket(t.url, kiosk.key));
    const events = collect<LiveEvent>(console1, SOCKET.event);
    const kioskMessages = collect<ChatMessage>(kioskSocket, SOCKET.chatMessage);

    const id = clientId();
    const first = await visitorSays(chat.session_id, 'Is anyone there?', id);
    const again = await visitorSays(chat.session_id, 'Is anyone there?', id);
    expect(again).toEqual(first);

    const operatorId = clientId();
    const reply = await adminData('POST', '/chat/send', {
      session_id: chat.session_id,
      message: 'Yes, hello!',
      client_id: operatorId,
    });
    const replyAgain = await adminData('POST', '/chat/send', {
      session_id: chat.session_id,
      message: 'Yes, hello!',
      client_id: operatorId,
    });
    expect(replyAgain).toEqual(reply);
    expect(reply.client_id).toBe(operatorId);

    await Promise.all([caughtUp(console1), caughtUp(kioskSocket)]);
    expect(await rowCount(chat.session_id)).toBe(2);
    expect(
      events.filter((e) => e.session_id === chat.session_id && e.message).map((e) => e.message!.id),
    ).toEqual([first.id, reply.id]);
    expect(kioskMessages.map((m) => m.id)).toEqual([reply.id]);
    // The repeat counted nothing twice.
    expect((await adminData('GET', `/chat/endusers/${chat.session_id}`)).unread).toBe(0);
  });

  it("keeps another project's operators and devices out, and tells them nothing", async () => {
    const chat = await startChat({ name: 'Private Visitor' });
    const stranger = await openConsole(other, 'stranger-tab');
    const strangerEvents = collect<LiveEvent>(stranger, SOCKET.event);

    expect(
      (await adminCall('GET', `/chat/endusers?device_id=${kiosk.id}`, undefined, other)).statusCode,
    ).toBe(403);
    for (const [method, path, body] of [
      ['GET', `/chat/endusers/${chat.session_id}`, undefined],
      ['PUT', `/chat/endusers/${chat.session_id}`, { name: 'Mallory' }],
      ['GET', `/chat/history/${chat.session_id}`, undefined],
      ['POST', '/chat/send', { session_id: chat.session_id, message: 'Hi from elsewhere' }],
    ] as const) {
      const res = await adminCall(method, path, body, other);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Chat not found.' });
    }
    // Another device, even of the same project, cannot read or write this chat.
    for (const key of [foreignKiosk.key, otherKiosk.key]) {
      expect((await device(key, 'GET', `/chats/${chat.session_id}`)).statusCode).toBe(404);
      expect(
        (
          await device(key, 'POST', `/chats/${chat.session_id}/messages`, {
            message: 'x',
            client_id: clientId(),
          })
        ).statusCode,
      ).toBe(404);
      expect((await device(key, 'POST', `/chats/${chat.session_id}/end`)).statusCode).toBe(404);
    }

    await visitorSays(chat.session_id, 'Only my project should see this');
    await adminData('POST', '/chat/send', { session_id: chat.session_id, message: 'Reply' });
    await caughtUp(stranger);
    expect(strangerEvents).toEqual([]);
    expect(await rowCount(chat.session_id)).toBe(2);
    expect((await adminData('GET', `/chat/endusers/${chat.session_id}`)).name).toBe('Private Visitor');
  });

  it('an ended chat takes no more messages: 409 for the operator and the kiosk', async () => {
    const chat = await startChat();
    const earlyId = clientId();
    const early = await visitorSays(chat.session_id, 'Thanks, bye', earlyId);
    const console1 = await openConsole();
    const endEvent = chatEvents(console1, chat.session_id);
    const ended: DeviceChat = await deviceData(kiosk.key, 'POST', `/chats/${chat.session_id}/end`);
    expect(ended.ended_at).not.toBeNull();
    expect(await endEvent).toMatchObject({ message: null });

    t.clock.advance(5_000);
    const endedAgain: DeviceChat = await deviceData(kiosk.key, 'POST', `/chats/${chat.session_id}/end`);
    expect(endedAgain.ended_at).toBe(ended.ended_at);
    expect((await adminData('GET', `/chat/endusers/${chat.session_id}`)).ended_at).toBe(ended.ended_at);

    const res = await adminCall('POST', '/chat/send', {
      session_id: chat.session_id,
      message: 'Still there?',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'chat_ended',
      message: 'This visitor has left the chat.',
    });
    const late = await device(kiosk.key, 'POST', `/chats/${chat.session_id}/messages`, {
      message: 'One more thing',
      client_id: clientId(),
    });
    expect(late.statusCode).toBe(409);
    // A retry of a message sent before the end still gets its stored message.
    expect(await visitorSays(chat.session_id, 'Thanks, bye', earlyId)).toEqual(early);
    expect(await rowCount(chat.session_id)).toBe(1);
  });

  it('refuses empty and too long messages and changes nothing', async () => {
    const chat = await startChat();
    await visitorSays(chat.session_id, 'Hello');
    const before = await adminData('GET', `/chat/endusers/${chat.session_id}`);
    const tooLong = 'x'.repeat(CHAT_MESSAGE_MAX + 1);

    for (const message of ['', '   ', tooLong]) {
      const op = await adminCall('POST', '/chat/send', { session_id: chat.session_id, message });
      expect(op.statusCode).toBe(400);
      expect(op.json().message).toMatch(
        message === tooLong ? /Maximum 2000 characters/ : /Text cannot be empty/,
      );
      const vis = await device(kiosk.key, 'POST', `/chats/${chat.session_id}/messages`, {
        message,
        client_id: clientId(),
      });
      expect(vis.statusCode).toBe(400);
    }
    // Exactly the limit is fine.
    expect((await visitorSays(chat.session_id, 'y'.repeat(CHAT_MESSAGE_MAX))).message).toHaveLength(
      CHAT_MESSAGE_MAX,
    );
    const missingClientId = await device(kiosk.key, 'POST', `/chats/${chat.session_id}/messages`, {
      message: 'no id',
    });
    expect(missingClientId.statusCode).toBe(400);
    const badSession = await adminCall('POST', '/chat/send', { session_id: 'not-a-chat', message: 'hi' });
    expect(badSession.statusCode).toBe(400);

    expect(await rowCount(chat.session_id)).toBe(2);
    const after = await adminData('GET', `/chat/endusers/${chat.session_id}`);
    expect(after.unread).toBe(before.unread + 1);
  });

  it('operators correct the visitor details; the list searches them', async () => {
    const chat = await startChat({ name: 'Chan Tai Man', mobile: '9876 5432' });
    const updated: ChatEndUser = await adminData('PUT', `/chat/endusers/${chat.session_id}`, {
      name: ' Chan Siu Ming ',
      tags: ['VIP', 'vip', 'wheelchair_user'],
    });
    expect(updated).toMatchObject({
      name: 'Chan Siu Ming',
      mobile: '9876 5432',
      tags: ['VIP', 'wheelchair_user'],
    });
    const badMobile = await adminCall('PUT', `/chat/endusers/${chat.session_id}`, { mobile: 'call me' });
    expect(badMobile.statusCode).toBe(400);
    expect((await adminData('GET', `/chat/endusers/${chat.session_id}`)).mobile).toBe('9876 5432');

    const found = async (search: string) =>
      (await endUsers(`&search=${encodeURIComponent(search)}`)).data.map((u) => u.session_id);
    expect(await found('siu ming')).toEqual([chat.session_id]);
    expect(await found('98765')).toEqual([]);
    expect(await found('9876 54')).toEqual([chat.session_id]);
    expect(await found('Wheelchair')).toEqual([chat.session_id]);
    expect(await found(chat.session_id.slice(0, 8))).toEqual([chat.session_id]);
    // Wildcards are literal: '_' does not match any character, '%' not everything.
    expect(await found('wheelchair_user')).toEqual([chat.session_id]);
    expect(await found('wheelchair%')).toEqual([]);
    expect(await found('_')).toEqual([chat.session_id]);
    // Paging: a total beside the page.
    const page = await endUsers('&limit=1&offset=1');
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
  });

  it("links a chat to the device's own visitor session only, and speaks only the device's languages", async () => {
    const own = await deviceData(kiosk.key, 'POST', '/sessions', { language: 'english' });
    const foreign = await deviceData(otherKiosk.key, 'POST', '/sessions', { language: 'english' });
    const linked = await startChat({ visitor_session_id: own.session_id });
    const notLinked = await startChat({ visitor_session_id: foreign.session_id });
    const links = async (id: string) =>
      (
        await t.database.db
          .select({ visitor: chatSessions.visitorSessionId })
          .from(chatSessions)
          .where(eq(chatSessions.id, id))
      )[0]!.visitor;
    expect(await links(linked.session_id)).toBe(own.session_id);
    expect(await links(notLinked.session_id)).toBeNull();

    const unoffered = await device(kiosk.key, 'POST', '/chats', { language: 'german' });
    expect(unoffered.statusCode).toBe(400);
    expect(unoffered.json().error).toBe('language_not_offered');
    expect(
      (await t.app.inject({ method: 'POST', url: '/device_api/v1/chats', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('ends the chats linked to a visitor session when the kiosk ends that session', async () => {
    const visit = await deviceData(kiosk.key, 'POST', '/sessions', { language: 'english' });
    const linked = await startChat({ name: 'Leaving Visitor', visitor_session_id: visit.session_id });
    const alsoLinked = await startChat({ visitor_session_id: visit.session_id });
    const unlinked = await startChat({ name: 'Someone Else' });
    await visitorSays(linked.session_id, 'Is anyone there?');
    await visitorSays(unlinked.session_id, 'Still here');

    const console1 = await openConsole();
    const endEvent = chatEvents(console1, linked.session_id);
    const alsoEndEvent = chatEvents(console1, alsoLinked.session_id);
    t.clock.advance(1_000);
    const ended = await deviceData(kiosk.key, 'POST', `/sessions/${visit.session_id}/end`);
    expect(ended.ended_at).not.toBeNull();
    // The consoles hear each chat changed (no message), so the list shows it ended at once.
    expect(await endEvent).toMatchObject({ device_id: kiosk.id, message: null, unread: 1 });
    expect(await alsoEndEvent).toMatchObject({ message: null, unread: 0 });

    const row: ChatEndUser = await adminData('GET', `/chat/endusers/${linked.session_id}`);
    expect(row.ended_at).toBe(ended.ended_at);
    expect((await adminData('GET', `/chat/endusers/${alsoLinked.session_id}`)).ended_at).toBe(ended.ended_at);
    expect((await deviceData(kiosk.key, 'GET', `/chats/${linked.session_id}`)).ended_at).toBe(ended.ended_at);
    // A chat of the device not linked to that session stays open.
    expect((await adminData('GET', `/chat/endusers/${unlinked.session_id}`)).ended_at).toBeNull();

    const res = await adminCall('POST', '/chat/send', { session_id: linked.session_id, message: 'Hello?' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, error: 'chat_ended' });
    const late = await device(kiosk.key, 'POST', `/chats/${linked.session_id}/messages`, {
      message: 'Wait',
      client_id: clientId(),
    });
    expect(late.statusCode).toBe(409);

    // Ending the session again changes nothing and announces nothing.
    const events = collect<LiveEvent>(console1, SOCKET.event);
    t.clock.advance(1_000);
    const again = await deviceData(kiosk.key, 'POST', `/sessions/${visit.session_id}/end`);
    expect(again.ended_at).toBe(ended.ended_at);
    await caughtUp(console1);
    expect(events.filter((e) => e.name === LIVE_EVENT.chatMessage)).toEqual([]);
    expect((await adminData('GET', `/chat/endusers/${linked.session_id}`)).ended_at).toBe(ended.ended_at);
  });

  it('housekeeping ends the chats whose visitor has been silent for 30 minutes', async () => {
    const { createChatRepo } = await import('./repo.js');
    const { createChatService, CHAT_IDLE_MS } = await import('./service.js');
    expect(CHAT_IDLE_MS).toBe(30 * 60_000);
    const announced: LiveEvent[] = [];
    const notifier: Notifier = {
      toProject: (_projectId, event) => void announced.push(event as LiveEvent),
      toDevice: () => undefined,
      toClient: () => undefined,
      deviceOnline: async () => false,
    };
    const job = createChatService({ repo: createChatRepo(t.database.db), notifier, clock: t.clock });
    // Whatever earlier tests left open ends first, so only this test's chats are counted below.
    await job.endIdle();
    t.clock.advance(CHAT_IDLE_MS + 1);
    await job.endIdle();
    announced.length = 0;
    // The operator signs in again: the hour of moved time below would outlast their idle session.
    await t.signInAgain();

    const talking = await startChat({ name: 'Still Talking' });
    const silent = await startChat({ name: 'Never Wrote' }); // nothing said: counted from its start
    const answered = await startChat({ name: 'Walked Away' }, otherKiosk.key);
    await visitorSays(talking.session_id, 'First question');
    await visitorSays(answered.session_id, 'Where are the toilets?', clientId(), otherKiosk.key);

    t.clock.advance(20 * 60_000);
    await visitorSays(talking.session_id, 'And another thing');
    expect(await job.endIdle()).toEqual({ chats: 0 });

    t.clock.advance(15 * 60_000);
    // An operator's reply does not keep a chat open: only the visitor's messages do.
    await adminData('POST', '/chat/send', { session_id: answered.session_id, message: 'Down the hall.' });
    expect(await job.endIdle()).toEqual({ chats: 2 });
    expect(announced.map((e) => e.session_id).sort()).toEqual(
      [silent.session_id, answered.session_id].sort(),
    );
    expect(announced.every((e) => e.name === LIVE_EVENT.chatMessage && e.message === null)).toBe(true);

    const endedAt = t.clock.now().toISOString();
    expect((await adminData('GET', `/chat/endusers/${silent.session_id}`)).ended_at).toBe(endedAt);
    expect((await adminData('GET', `/chat/endusers/${answered.session_id}`)).ended_at).toBe(endedAt);
    expect((await adminData('GET', `/chat/endusers/${talking.session_id}`)).ended_at).toBeNull();
    const res = await adminCall('POST', '/chat/send', { session_id: silent.session_id, message: 'Hi?' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('chat_ended');
    expect((await visitorSays(talking.session_id, 'Thanks')).message).toBe('Thanks');

    // Running again ends nothing twice.
    t.clock.advance(60_000);
    expect(await job.endIdle()).toEqual({ chats: 0 });
    expect((await adminData('GET', `/chat/endusers/${silent.session_id}`)).ended_at).toBe(endedAt);
  });

  it('needs access to the Live Chat page', async () => {
    const { session } = await createUser(t.app, admin, {
      username: 'chat_outsider',
      role_id: 1,
      page_access: ['/dashboard'],
    });
    const res = await adminCall('GET', `/chat/endusers?device_id=${kiosk.id}`, undefined, session);
    expect(res.statusCode).toBe(403);
  });
});
