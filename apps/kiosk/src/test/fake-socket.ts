import type { DeviceHandshake } from '@ambassador/contracts';
import { act, waitFor } from '@testing-library/react';
import type { RealtimeSocket, SocketFactory } from '../realtime/realtime-client';

type Listener = (...args: unknown[]) => void;

/**
 * Test support only: the device socket, driven by the test as the server would drive it. Every
 * server-side action runs inside `act`, so what it changes on screen is there when it returns.
 */
export class FakeSocket implements RealtimeSocket {
  connected: boolean;
  active = true;
  /** What the kiosk sent, in order. */
  readonly emitted: { event: string; payload: unknown }[] = [];
  connectCalls = 0;
  disconnected = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly auth: DeviceHandshake,
    connected: boolean,
  ) {
    this.connected = connected;
  }

  on(event: string, listener: (...args: never[]) => void) {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }
  connect() {
    this.connectCalls++;
    this.active = true;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.active = false;
    this.connected = false;
    return this;
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
  /** The server accepted the (re)connection. */
  serverConnect() {
    act(() => {
      this.connected = true;
      this.active = true;
      this.fire('connect');
    });
  }
  /** A server event to the device. */
  serverSend(event: string, payload: unknown) {
    act(() => this.fire(event, payload));
  }
  /** The server's middleware refused the connection (it stops retrying then). */
  serverRefuse(message: string) {
    act(() => {
      this.active = false;
      this.connected = false;
      this.fire('connect_error', new Error(message));
    });
  }
  /** The connection dropped (`transport close`) or the server closed it (`io server disconnect`). */
  serverDisconnect(reason: 'io server disconnect' | 'transport close') {
    act(() => {
      this.connected = false;
      if (reason === 'io server disconnect') this.active = false;
      this.fire('disconnect', reason);
    });
  }
  /** The kiosk has attached its handlers (it loads the socket a moment after the screen shows). */
  get attached(): boolean {
    return (this.listeners.get('connect')?.size ?? 0) > 0;
  }
  /** Payloads the kiosk emitted as `event`. */
  sent(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
}

/** A socket factory whose sockets the test can reach; `connected` is their state on arrival. */
export function fakeSockets({ connected = true }: { connected?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (auth) => {
    const socket = new FakeSocket(auth, connected);
    sockets.push(socket);
    return socket;
  };
  return {
    factory,
    sockets,
    /**
     * The newest socket once the kiosk listens on it. A screen can show before the socket code
     * has loaded, so a test waits for this before it drives the socket as the server.
     */
    async ready(): Promise<FakeSocket> {
      await waitFor(() => {
        if (!sockets.at(-1)?.attached) throw new Error('The kiosk has not opened its socket yet');
      });
      return sockets.at(-1)!;
    },
    /** The newest socket (the one a paired kiosk uses now). */
    get socket(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
  };
}

export type FakeSockets = ReturnType<typeof fakeSockets>;
