import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  ADMIN_PANEL_PROJECT,
  REALTIME_ERRORS,
  REALTIME_PATH,
  SOCKET,
  ZAdminHandshake,
  ZDeviceHandshake,
  ZSubscribeMessage,
  canOpen,
} from '@ambassador/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { AppError } from '../lib/errors.js';
import type { RedisState } from '../bus/bus.js';
import { createRedisPair } from '../bus/redis-pair.js';
import type { AuthService } from '../modules/auth/index.js';
import type { DeviceContext, DevicesService } from '../modules/devices/index.js';
import {
  LIVE_PAGES,
  type Ack,
  type AdminSocketContext,
  type LiveEvent,
  type LivePage,
  type Notifier,
  type RealtimeHooks,
} from './types.js';
import { TokenBucket } from '../lib/token-bucket.js';
import { tokenTag } from '../lib/tokens.js';
import { createTtlCache } from '../lib/ttl-cache.js';

export const room = {
  project: (projectId: number) => `project:${projectId}`,
  /** The project's consoles whose user may open this page. */
  page: (projectId: number, page: LivePage) => `project:${projectId}:page:${page}`,
  session: (sessionId: number) => `session:${sessionId}`,
  device: (deviceId: number) => `device:${deviceId}`,
  client: (projectId: number, clientId: string) => `client:${projectId}:${clientId}`,
};

/** `credential`: a short hash of the key or token the socket signed in with (what a cooldown is keyed by). */
type SocketData = { credential: string } & (
  { kind: 'admin'; admin: AdminSocketContext } | { kind: 'device'; device: DeviceContext }
);

type DeviceHandler = Parameters<RealtimeHooks['onDeviceMessage']>[1];
type AdminHandler = Parameters<RealtimeHooks['onAdminMessage']>[1];

/** A client may send a message without asking for a reply; then there is no function to call. */
const replyOf = (ack: unknown) => (typeof ack === 'function' ? (ack as Ack) : undefined);

/** The handshake's refusal: the client sees `connect_error` with this message. */
function refusal(code: string): Error & { data?: unknown } {
  const err = new Error(code) as Error & { data?: unknown };
  err.data = { code };
  return err;
}

/**
 * socket.io at `/realtime`. Consoles authenticate with their access token and project, devices
 * with their key, both in the handshake's `auth` (never the URL). Admins join their project's
 * room (and rooms for their session, their tab and each live page they may open), devices their device's room. With `REDIS_URL`, the
 * Redis adapter carries room messages and disconnects between instances.
 */
/** Events a socket may send: per socket, per key (all its sockets), and refusals before it is closed. */
export const REALTIME_LIMITS = {
  socketPerSecond: 30,
  socketBurst: 200,
  keyPerSecond: 60,
  keyBurst: 400,
  dropsBeforeClose: 500,
  /**
   * After a socket is closed for flooding, new sockets of its key or session are refused this long
   * at the handshake, before any lookup or connect handler (an attacker reconnecting 100 times a
   * second made each connect's and disconnect's work a flood of its own).
   */
  cooldownMs: 30_000,
};

export function createRealtime({
  httpServer,
  auth,
  devices,
  redisUrl,
  redisPrefix,
  log,
}: {
  httpServer: HttpServer;
  auth: Pick<AuthService, 'authenticate'>;
  devices: Pick<DevicesService, 'authenticate'>;
  redisUrl: string | undefined;
  /** This installation's namespace in Redis: rooms of the same name in another installation stay its own. */
  redisPrefix: string;
  log: FastifyBaseLogger;
}) {
  const io = new Server(httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    // Same-origin clients only (console and kiosk are served by this server).
    cors: { origin: false },
    pingInterval: 20_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 256 * 1024,
  });

  // Start-up never waits for Redis; the adapter buffers until the clients are ready.
  const redis = redisUrl
    ? createRedisPair(
        redisUrl,
        log,
        ['realtime publish', 'realtime subscribe'],
        'redis unreachable; live events stay on this instance',
      )
    : null;
  if (redis) {
    // The adapter leaves its (un)subscribe promises unhandled: one rejected by a Redis outage or by
    // closing would become an unhandled rejection (fatal in Node). Each gets a handler here.
    const sub = redis.sub as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const name of ['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe']) {
      const original = sub[name]!.bind(redis.sub);
      sub[name] = (...args: unknown[]) => {
        const pending = original(...args);
        pending.catch((err: unknown) =>
          log.warn({ err, command: name }, 'realtime redis subscription not made'),
        );
        return pending;
      };
    }
    io.adapter(createAdapter(redis.pub, redis.sub, { key: `${redisPrefix}:realtime` }));
    redis.connect();
  }

  const deviceHandlers = new Map<string, DeviceHandler>();
  const adminHandlers = new Map<string, AdminHandler>();
  const adminConnectHandlers: Array<(admin: AdminSocketContext) => unknown> = [];
  const connectHandlers: Array<(device: DeviceContext) => unknown> = [];
  const disconnectHandlers: Array<(device: DeviceContext) => unknown> = [];

  /** Handlers still running: close() waits for them before Redis goes (a kiosk's disconnect ends its call). */
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const run = (what: string, fn: () => unknown, ack?: Ack) => {
    const work = Promise.resolve()
      .then(fn)
      .then(
        (answer) => ack?.({ ok: true, data: answer ?? null }),
        (err: unknown) => {
          const known = err instanceof AppError;
          if (!known) log.error({ err, what }, 'realtime handler failed');
          ack?.({
            ok: false,
            error: known ? err.code : 'internal_error',
            message: known ? err.message : 'Something went wrong.',
          });
        },
      );
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  /** Credentials whose socket was closed for flooding, refused at the handshake for a while. */
  const cooling = createTtlCache<string, true>({ ttlMs: REALTIME_LIMITS.cooldownMs, max: 50_000 });

  io.use((socket, next) => {
    const handshake = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    const secret = typeof handshake.device_key === 'string' ? handshake.device_key : handshake.token;
    const credential = typeof secret === 'string' ? tokenTag(secret) : '';
    if (credential && cooling.get(credential)) return next(refusal(REALTIME_ERRORS.tooManyRequests));
    const authenticate = async (): Promise<SocketData> => {
      if (typeof handshake.device_key === 'string') {
        const { device_key } = ZDeviceHandshake.parse(handshake);
        return { credential, kind: 'device', device: await devices.authenticate(device_key) };
      }
      const parsed = ZAdminHandshake.safeParse(handshake);
      if (!parsed.success) throw refusal(REALTIME_ERRORS.unauthorized);
      const { token, project_id, client_id } = parsed.data;
      const ctx = await auth.authenticate(token, String(project_id));
      if (ctx.passwordExpired || !LIVE_PAGES.some((page) => canOpen(ctx.pageAccess, page))) {
        throw refusal(REALTIME_ERRORS.forbidden);
      }
      return { credential, kind: 'admin', admin: { ...ctx, clientId: client_id } };
    };
    authenticate().then(
      (data) => {
        socket.data = data;
        next();
      },
      (err: unknown) => {
        if (err instanceof AppError) {
          next(refusal(err.status === 403 ? REALTIME_ERRORS.forbidden : REALTIME_ERRORS.unauthorized));
        } else if (err instanceof Error && Object.values(REALTIME_ERRORS).includes(err.message as never)) {
          next(err);
        } else {
          if (!(err instanceof Error && err.name === 'ZodError'))
            log.error({ err }, 'realtime handshake failed');
          next(refusal(REALTIME_ERRORS.unauthorized));
        }
      },
    );
  });

  /** Each kiosk key's and console session's bucket, shared by its sockets (10 sockets × a flood). */
  const keyBuckets = createTtlCache<string, TokenBucket>({ ttlMs: 10 * 60_000, max: 50_000 });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    // Events are limited per socket and per key before any handler runs: past the rate an event
    // is refused (its ack says too_many_requests) and, past REALTIME_LIMITS.dropsBeforeClose of
    // them, the socket is closed (a kiosk key sent 5,000 call:signal events and stalled the server).
    const keyOf = data.kind === 'admin' ? `s:${data.admin.sessionId}` : `d:${data.device.id}`;
    const mine = new TokenBucket(REALTIME_LIMITS.socketPerSecond, REALTIME_LIMITS.socketBurst, Date.now());
    let dropped = 0;
    socket.use((packet, next) => {
      const now = Date.now();
      let shared = keyBuckets.get(keyOf);
      if (!shared) {
        shared = new TokenBucket(REALTIME_LIMITS.keyPerSecond, REALTIME_LIMITS.keyBurst, now);
        keyBuckets.set(keyOf, shared);
      }
      if (mine.take(now) && shared.take(now)) return next();
      dropped++;
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') (ack as Ack)({ ok: false, error: 'too_many_requests' });
      if (dropped === REALTIME_LIMITS.dropsBeforeClose) {
        log.warn({ key: keyOf, dropped }, 'realtime: closing a socket that kept sending past its rate');
        cooling.set(data.credential, true);
        socket.disconnect(true);
      }
    });
    if (data.kind === 'admin') {
      const { admin } = data;
      void socket.join([
        room.project(admin.projectId),
        room.session(admin.sessionId),
        room.client(admin.projectId, admin.clientId),
        ...LIVE_PAGES.filter((page) => canOpen(admin.pageAccess, page)).map((page) =>
          room.page(admin.projectId, page),
        ),
      ]);
      // The console subscribes with the admin-panel identifier, its client id and name. Only the
      // identifier is checked: the rooms were joined from the authenticated handshake above.
      socket.on(SOCKET.subscribe, (payload: unknown, ack?: Ack) => {
        const parsed = ZSubscribeMessage.safeParse(payload);
        const okay = parsed.success && parsed.data.project === ADMIN_PANEL_PROJECT;
        replyOf(ack)?.({ ok: okay });
      });
      for (const handler of adminConnectHandlers) run('console connect', () => handler(admin));
      for (const [name, handler] of adminHandlers) {
        socket.on(name, (payload: unknown, ack?: Ack) =>
          run(name, () => handler(admin, payload), replyOf(ack)),
        );
      }
      return;
    }
    const { device } = data;
    void socket.join(room.device(device.id));
    for (const [name, handler] of deviceHandlers) {
      socket.on(name, (payload: unknown, ack?: Ack) =>
        run(name, () => handler(device, payload), replyOf(ack)),
      );
    }
    for (const handler of connectHandlers) run('device connect', () => handler(device));
    socket.on('disconnect', () => {
      for (const handler of disconnectHandlers) run('device disconnect', () => handler(device));
    });
  });

  // After close() an emit would publish on a closed Redis client, which rejects where no one catches it.
  const notifier: Notifier = {
    toProject(projectId: number, event: LiveEvent, page?: LivePage) {
      if (closed) return;
      io.to(page ? room.page(projectId, page) : room.project(projectId)).emit(SOCKET.event, event);
    },
    toDevice(deviceId: number, name: string, payload: unknown) {
      if (closed) return;
      io.to(room.device(deviceId)).emit(name, payload);
    },
    toClient(projectId: number, clientId: string, name: string, payload: unknown) {
      if (closed) return;
      io.to(room.client(projectId, clientId)).emit(name, payload);
    },
    async deviceOnline(deviceId: number) {
      const sockets = await io.in(room.device(deviceId)).fetchSockets();
      return sockets.length > 0;
    },
  };

  const hooks: RealtimeHooks = {
    onDeviceMessage: (name, handler) => void deviceHandlers.set(name, handler),
    onAdminMessage: (name, handler) => void adminHandlers.set(name, handler),
    onAdminConnect: (handler) => void adminConnectHandlers.push(handler),
    onDeviceConnect: (handler) => void connectHandlers.push(handler),
    onDeviceDisconnect: (handler) => void disconnectHandlers.push(handler),
  };

  return {
    io,
    notifier,
    hooks,
    /** Redis for the adapter: while it is down, calls and chats reach only this instance's sockets. */
    redis: (): RedisState => redis?.state() ?? 'off',
    /** Sockets connected to this instance, kiosks and consoles (/metrics). */
    connected() {
      const counts = { device: 0, console: 0 };
      for (const socket of io.sockets.sockets.values()) {
        const data = socket.data as Partial<SocketData>;
        if (data.kind === 'device') counts.device++;
        else if (data.kind === 'admin') counts.console++;
      }
      return counts;
    },
    /** Ends the sockets of revoked admin sessions at once, on every instance. */
    disconnectSessions(sessionIds: number[]) {
      if (sessionIds.length > 0) io.in(sessionIds.map(room.session)).disconnectSockets(true);
    },
    /** Ends a device's sockets (its key was rotated or revoked); it must reconnect with a valid key. */
    disconnectDevice(deviceId: number) {
      io.in(room.device(deviceId)).disconnectSockets(true);
    },
    async close() {
      // Not io.close(): that also closes the HTTP server, which Fastify closes itself.
      for (const socket of io.sockets.sockets.values()) socket.disconnect(true);
      io.engine.close();
      // The disconnects' handlers still announce (a kiosk's call ends as missed) while Redis is up.
      const settled = Promise.allSettled([...inFlight]);
      await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      closed = true;
      await redis?.close();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
