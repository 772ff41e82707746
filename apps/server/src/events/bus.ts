import { randomUUID } from 'node:crypto';
import { createRedisPair } from './redis-pair.js';

export interface BusLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Handler = (message: unknown) => void;

/**
 * Events between server instances. Handlers of this instance run at once; with `REDIS_URL` the
 * event also goes over Redis pub/sub to every other instance (each skips its own). Without Redis
 * there is one instance, so the local delivery is all there is. On Redis a channel is named under
 * `prefix` (`<prefix>:bus:<channel>`): only this installation's instances hear it.
 */
export function createEventBus({
  redisUrl,
  prefix,
  log,
}: {
  redisUrl: string | undefined;
  prefix: string;
  log: BusLog;
}) {
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

  if (!redisUrl) {
    return {
      publish: (channel: string, message: unknown) => deliver(channel, message),
      subscribe(channel: string, handler: Handler) {
        handlers.set(channel, (handlers.get(channel) ?? new Set()).add(handler));
      },
      close: async () => undefined,
    };
  }

  const { pub, sub, connect, close } = createRedisPair(
    redisUrl,
    log,
    ['publish', 'subscribe'],
    'redis unreachable; events between instances wait',
  );
  connect();
  const subscribed = new Set<string>();

  return {
    publish(channel: string, message: unknown) {
      deliver(channel, message);
      pub.publish(onRedis(channel), JSON.stringify({ origin, message })).catch((err: unknown) => {
        log.error({ err, channel }, 'event not published; other instances may be stale');
      });
    },
    subscribe(channel: string, handler: Handler) {
      handlers.set(channel, (handlers.get(channel) ?? new Set()).add(handler));
      if (subscribed.has(channel)) return;
      subscribed.add(channel);
      const listening = sub.subscribe(onRedis(channel), (raw: string) => {
        try {
          const event = JSON.parse(raw) as { origin: string; message: unknown };
          if (event.origin !== origin) deliver(channel, event.message);
        } catch (err) {
          log.error({ err, channel }, 'malformed event ignored');
        }
      });
      listening.catch((err: unknown) => log.error({ err, channel }, 'not subscribed to events'));
    },
    close,
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
