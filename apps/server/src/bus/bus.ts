import { randomUUID } from 'node:crypto';
import type { Channel } from './channels.js';
import { createRedisPair } from './redis-pair.js';

export interface BusLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Handler = (message: unknown) => void;

/** Redis as the bus or the realtime adapter sees it: not configured, reachable, or not now. */
export type RedisState = 'off' | 'ok' | 'down';

export interface EventBus {
  publish<T>(channel: Channel<T>, message: T): void;
  subscribe<T>(channel: Channel<T>, handler: (message: T) => void): void;
  redis(): RedisState;
  close(): Promise<void>;
}

/**
 * Events between server instances, on channels declared with their payload (bus/channels.ts).
 * Handlers of this instance run at once; with `REDIS_URL` the event also goes over Redis pub/sub
 * to every other instance (each skips its own), and what arrives is checked against the channel's
 * shape before any handler sees it. Without Redis there is one instance, so the local delivery is
 * all there is. On Redis a channel is named under `prefix` (`<prefix>:bus:<channel>`): only this
 * installation's instances hear it.
 */
export function createEventBus({
  redisUrl,
  prefix,
  log,
}: {
  redisUrl: string | undefined;
  prefix: string;
  log: BusLog;
}): EventBus {
  const origin = randomUUID();
  const onRedis = (channel: string) => `${prefix}:bus:${channel}`;
  const handlers = new Map<string, Set<Handler>>();
  const deliver = (channel: string, message: unknown) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch (err) {
        log.error({ err, channel }, 'event handler failed');
      }
    }
  };
  const listen = <T>({ name }: Channel<T>, handler: (message: T) => void) => {
    handlers.set(name, (handlers.get(name) ?? new Set()).add(handler as Handler));
  };

  if (!redisUrl) {
    return {
      publish: (channel, message) => deliver(channel.name, message),
      subscribe: listen,
      redis: () => 'off',
      close: async () => undefined,
    };
  }

  const { pub, sub, connect, close, state } = createRedisPair(
    redisUrl,
    log,
    ['publish', 'subscribe'],
    'redis unreachable; events between instances wait',
  );
  connect();
  const subscribed = new Set<string>();

  return {
    publish(channel, message) {
      const { name } = channel;
      deliver(name, message);
      pub.publish(onRedis(name), JSON.stringify({ origin, message })).catch((err: unknown) => {
        log.error({ err, channel: name }, 'event not published; other instances may be stale');
      });
    },
    subscribe(channel, handler) {
      const { name, schema } = channel;
      listen(channel, handler);
      if (subscribed.has(name)) return;
      subscribed.add(name);
      const listening = sub.subscribe(onRedis(name), (raw: string) => {
        let event: { origin?: unknown; message?: unknown };
        try {
          event = JSON.parse(raw) as typeof event;
        } catch (err) {
          log.error({ err, channel: name }, 'malformed event ignored');
          return;
        }
        if (event.origin === origin) return;
        const parsed = schema.safeParse(event.message);
        if (parsed.success) deliver(name, parsed.data);
        else log.error({ channel: name, issues: parsed.error.issues }, 'malformed event ignored');
      });
      listening.catch((err: unknown) => log.error({ err, channel: name }, 'not subscribed to events'));
    },
    redis: state,
    close,
  };
}
