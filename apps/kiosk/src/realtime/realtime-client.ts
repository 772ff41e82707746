import type { DeviceHandshake } from '@ambassador/contracts';
import { REALTIME_ERRORS, REALTIME_PATH } from '@ambassador/contracts/names';

export { SOCKET } from '@ambassador/contracts/names';

/** The part of socket.io-client's Socket the kiosk uses (tests pass a small fake). */
export type RealtimeSocket = {
  readonly connected: boolean;
  /** False once the server refused the connection: socket.io then stops trying by itself. */
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, payload: unknown): unknown;
  connect(): unknown;
  disconnect(): unknown;
};

export type SocketFactory = (auth: DeviceHandshake) => RealtimeSocket | Promise<RealtimeSocket>;

/**
 * The real socket. socket.io-client is loaded on demand, so the start screen shows before it
 * arrives. The key goes in the handshake's `auth`, never in the URL (where logs would keep it).
 */
export const connectSocketIo: SocketFactory = async (auth) => {
  const { io } = await import('socket.io-client');
  return io({ path: REALTIME_PATH, auth, transports: ['websocket', 'polling'] });
};

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

type Options = {
  key: string;
  factory?: SocketFactory;
  /** The server refused the key: the app goes back to pairing. */
  onUnauthorized: () => void;
  /**
   * The server closed the socket itself, as it does when the key is rotated or revoked. Resolves
   * true when the key still works (connect again), false when it was refused.
   */
  verifyKey: () => Promise<boolean>;
  /** Wait before trying again when the server refused the connection for another reason. */
  retryMs: number;
};

type Handler = (payload: unknown) => void;

/**
 * One device socket for a paired key. Creating it connects nothing: `open` does, `close` ends it
 * (and `open` may follow again, as React's strict mode does with effects). Screens register
 * handlers by event name at any time, also before the socket has loaded, and get an unsubscribe
 * function back.
 */
export function createRealtime({
  key,
  factory = connectSocketIo,
  onUnauthorized,
  verifyKey,
  retryMs,
}: Options) {
  let socket: RealtimeSocket | null = null;
  // Each open() is a generation; whatever an older one left behind (a socket that loads late, a
  // timer) sees it is stale and does nothing.
  let generation = 0;
  let opened = false;
  let status: RealtimeStatus = 'connecting';
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const statusListeners = new Set<() => void>();
  const connectListeners = new Set<() => void>();
  const handlers = new Map<string, Set<Handler>>();
  let listening = new Set<string>();
  // Emitted before the socket exists; socket.io buffers the rest while it reconnects.
  const early: [string, unknown][] = [];

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  };

  const run = (handler: () => void) => {
    try {
      handler();
    } catch (error) {
      // One screen's broken handler must not silence the others.
      console.error('[realtime] handler failed', error);
    }
  };

  const listen = (event: string) => {
    const current = socket;
    if (!current || listening.has(event)) return;
    listening.add(event);
    current.on(event, (payload: never) => {
      if (current !== socket) return;
      for (const handler of [...(handlers.get(event) ?? [])]) run(() => handler(payload));
    });
  };

  const attach = (s: RealtimeSocket) => {
    socket = s;
    listening = new Set();
    const live = () => socket === s;
    s.on('connect', () => {
      if (!live()) return;
      setStatus('connected');
      for (const listener of [...connectListeners]) run(listener);
    });
    s.on('disconnect', (reason: never) => {
      if (!live()) return;
      setStatus('disconnected');
      if ((reason as string) !== 'io server disconnect') return; // socket.io reconnects by itself
      const reconnect = () => {
        if (live()) s.connect();
      };
      verifyKey().then((valid) => valid && reconnect(), reconnect);
    });
    s.on('connect_error', (error: never) => {
      if (!live()) return;
      setStatus('disconnected');
      if ((error as Error | undefined)?.message === REALTIME_ERRORS.unauthorized) {
        onUnauthorized();
        return;
      }
      // Refused by the server for another reason (it stops retrying then): try again later.
      if (!s.active) {
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => live() && !s.connected && s.connect(), retryMs);
      }
    });
    for (const event of handlers.keys()) listen(event);
    for (const [event, payload] of early.splice(0)) s.emit(event, payload);
    if (s.connected) setStatus('connected');
  };

  const load = (current: number) => {
    Promise.resolve()
      .then(() => factory({ device_key: key }))
      .then(
        (s) => {
          if (current === generation && opened) attach(s);
          else s.disconnect();
        },
        (error: unknown) => {
          // The socket code could not load (the server went away meanwhile): try again.
          console.warn('[realtime] could not open the socket', error);
          if (current !== generation || !opened) return;
          setStatus('disconnected');
          retryTimer = setTimeout(() => current === generation && opened && load(current), retryMs);
        },
      );
  };

  return {
    get status() {
      return status;
    },
    get connected() {
      return status === 'connected';
    },
    /** For useSyncExternalStore: called whenever `status` changes. */
    subscribe(listener: () => void) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    /** Handles a server event until the returned function is called. */
    on<T>(event: string, handler: (payload: T) => void): () => void {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      const entry = handler as Handler;
      set.add(entry);
      listen(event);
      return () => void set.delete(entry);
    },
    /** Runs on every (re)connection: the moment to catch up on what was missed meanwhile. */
    onConnect(listener: () => void): () => void {
      connectListeners.add(listener);
      return () => void connectListeners.delete(listener);
    },
    emit(event: string, payload: unknown) {
      if (!opened) return;
      if (socket) socket.emit(event, payload);
      else early.push([event, payload]);
    },
    /** Connects (the socket code loads on demand). */
    open() {
      if (opened) return;
      opened = true;
      setStatus('connecting');
      load(++generation);
    },
    /** Unpaired or a new key: the socket goes and no handler is called any more. */
    close() {
      if (!opened) return;
      opened = false;
      generation++;
      clearTimeout(retryTimer);
      early.length = 0;
      const current = socket;
      socket = null;
      current?.disconnect();
      setStatus('disconnected');
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
