import { ZStartChatRequest } from '@ambassador/contracts';
import { CHAT_MOBILE_MAX, CHAT_MOBILE_PATTERN, CHAT_NAME_MAX } from '@ambassador/contracts/names';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { connectSocketIo, createRealtime, type RealtimeSocket } from './realtime-client';

const io = vi.hoisted(() => vi.fn());
vi.mock('socket.io-client', () => ({ io }));

/** The socket, once the client has made it (socket.io loads on demand). */
const made = async (socket: () => FakeSocket | null) => {
  await vi.waitFor(() => expect(socket()).not.toBeNull());
  return socket()!;
};

function setup({ verifyKey = async () => true, connected = true } = {}) {
  let socket: FakeSocket | null = null;
  const onUnauthorized = vi.fn();
  const verify = vi.fn(verifyKey);
  const realtime = createRealtime({
    key: 'dk_abc',
    factory: (auth) => (socket = new FakeSocket(auth, connected)),
    onUnauthorized,
    verifyKey: verify,
    retryMs: 10,
  });
  realtime.open();
  return { realtime, onUnauthorized, verify, socket: () => socket! };
}

describe('the staff chat form', () => {
  it('accept the same names and mobile numbers as POST /chats', () => {
    const valid = (name: string, mobile: string) =>
      ZStartChatRequest.safeParse({ language: 'english', name, mobile }).success;
    for (const mobile of [
      '',
      '+852 9123 4567',
      '(02) 123-456',
      'call me',
      '9123#',
      '1'.repeat(CHAT_MOBILE_MAX + 1),
    ])
      expect(CHAT_MOBILE_PATTERN.test(mobile) && mobile.length <= CHAT_MOBILE_MAX, mobile).toBe(
        valid('', mobile),
      );
    expect(valid('a'.repeat(CHAT_NAME_MAX), '')).toBe(true);
    expect(valid('a'.repeat(CHAT_NAME_MAX + 1), '')).toBe(false);
  });
});

describe('realtime client', () => {
  it('opens socket.io on /realtime with the key in the handshake, websocket first', async () => {
    const socket = new FakeSocket({ device_key: 'dk_abc' }, false);
    io.mockReturnValue(socket);
    expect(await connectSocketIo({ device_key: 'dk_abc' })).toBe(socket);
    expect(io).toHaveBeenCalledWith({
      path: '/realtime',
      auth: { device_key: 'dk_abc' },
      transports: ['websocket', 'polling'],
    });
  });

  it('hands server events to the handlers registered, also before the socket loaded', async () => {
    const { realtime, socket } = setup();
    const early = vi.fn();
    const stop = realtime.on('push:message', early);
    realtime.emit('push:ack', { push_id: 1 });
    expect(realtime.connected).toBe(false);
    await vi.waitFor(() => expect(realtime.connected).toBe(true));

    expect(socket().auth).toEqual({ device_key: 'dk_abc' });
    expect(realtime.connected).toBe(true);
    // What was emitted before the socket existed went out once it did.
    expect(socket().sent('push:ack')).toEqual([{ push_id: 1 }]);

    const late = vi.fn();
    realtime.on('push:message', late);
    socket().serverSend('push:message', { push_id: 2 });
    expect(early).toHaveBeenCalledWith({ push_id: 2 });
    expect(late).toHaveBeenCalledWith({ push_id: 2 });

    stop();
    socket().serverSend('push:message', { push_id: 3 });
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('tells listeners about the connected state and every reconnection', async () => {
    const { realtime, socket } = setup({ connected: false });
    const changes = vi.fn();
    const reconnected = vi.fn();
    realtime.subscribe(changes);
    realtime.onConnect(reconnected);
    await made(socket);
    expect(realtime.status).toBe('connecting');

    socket().serverConnect();
    expect(realtime.status).toBe('connected');
    socket().serverDisconnect('transport close');
    expect(realtime.status).toBe('disconnected');
    // socket.io reconnects a dropped transport by itself.
    expect(socket().connectCalls).toBe(0);
    socket().serverConnect();
    expect(reconnected).toHaveBeenCalledTimes(2);
    expect(changes).toHaveBeenCalledTimes(3);
  });

  it('reports a refused key and does not retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { onUnauthorized, socket } = setup({ connected: false });
    await made(socket);
    socket().serverRefuse('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // Past the time a retry would take (retryMs).
    await vi.advanceTimersByTimeAsync(30);
    expect(socket().connectCalls).toBe(0);
  });

  it('tries again later when the server refused for another reason', async () => {
    const { onUnauthorized, socket } = setup({ connected: false });
    await made(socket);
    socket().serverRefuse('server_error');
    expect(onUnauthorized).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(socket().connectCalls).toBe(1));
  });

  it('checks the key when the server closes the socket, and connects again only if it still works', async () => {
    let valid = true;
    const { verify, socket } = setup({ verifyKey: async () => valid });
    await made(socket);

    socket().serverDisconnect('io server disconnect');
    await vi.waitFor(() => expect(socket().connectCalls).toBe(1));
    expect(verify).toHaveBeenCalledTimes(1);

    valid = false;
    socket().serverDisconnect('io server disconnect');
    // Once the key is found refused (the check the client made answers), it does not connect.
    await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(2));
    expect(await verify.mock.results[1]!.value).toBe(false);
    expect(socket().connectCalls).toBe(1);
  });

  it('closes the socket and calls nothing after close, even one that loads late', async () => {
    const { realtime, socket } = setup();
    const handler = vi.fn();
    realtime.on('chat:message', handler);
    await made(socket);
    realtime.close();
    expect(socket().disconnected).toBe(true);
    socket().serverSend('chat:message', {});
    expect(handler).not.toHaveBeenCalled();
    expect(realtime.connected).toBe(false);

    let late: RealtimeSocket | null = null;
    let release: (() => void) | null = null;
    const slow = createRealtime({
      key: 'dk_abc',
      factory: (auth) =>
        new Promise((resolve) => {
          release = () => resolve((late = new FakeSocket(auth, true)));
        }),
      onUnauthorized: () => undefined,
      verifyKey: async () => true,
      retryMs: 10,
    });
    slow.open();
    await vi.waitFor(() => expect(release).not.toBeNull());
    slow.close();
    release!();
    await vi.waitFor(() => expect((late as FakeSocket | null)?.disconnected).toBe(true));
  });

  it('connects nothing until opened, and opens again after a close (as strict mode does)', async () => {
    const sockets: FakeSocket[] = [];
    const realtime = createRealtime({
      key: 'dk_abc',
      factory: (auth) => {
        const socket = new FakeSocket(auth, true);
        sockets.push(socket);
        return socket;
      },
      onUnauthorized: () => undefined,
      verifyKey: async () => true,
      retryMs: 10,
    });
    const handler = vi.fn();
    realtime.on('push:message', handler);
    // Not opened: no socket (and, below, only the two opened ones are ever made).
    expect(sockets).toHaveLength(0);

    realtime.open();
    realtime.close();
    realtime.open();
    await vi.waitFor(() => expect(realtime.connected).toBe(true));
    // The first socket loaded after its close: shut at once, never used.
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.disconnected).toBe(false);
    expect(realtime.connected).toBe(true);
    sockets[0]!.serverSend('push:message', { push_id: 1 });
    sockets[1]!.serverSend('push:message', { push_id: 2 });
    expect(handler.mock.calls).toEqual([[{ push_id: 2 }]]);
  });
});
