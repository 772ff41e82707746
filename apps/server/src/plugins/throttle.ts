import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createClient } from 'redis';
import { AppError } from '../lib/errors.js';
import { tokenTag } from '../lib/tokens.js';
import { bearer } from './device-auth.js';

/**
 * Per-client throttles (`@fastify/rate-limit`), declared by a route as `config.throttle`:
 * `sign-in` counts per IP address, `ask` per device key. Past the limit the answer is 429
 * `too_many_requests` with Retry-After, before the handler runs — so a flood is neither answered
 * nor written to the conversation log. Counts live in Redis when `REDIS_URL` is set (every instance
 * shares them), else in this process.
 */
export type Throttle = 'sign-in' | 'ask';

declare module 'fastify' {
  interface FastifyContextConfig {
    throttle?: Throttle;
  }
}

export interface ThrottleLimits {
  /** Per minute; 0 turns the throttle off. */
  signInPerIp: number;
  asksPerDevice: number;
}

const WINDOW_MS = 60_000;
/** A Redis round trip longer than this lets the request through (a throttle never stalls service). */
const REDIS_TIMEOUT_MS = 250;

/** A key is never stored or logged as it is: a short hash names its bucket. */
const keyBucket = (req: FastifyRequest) => {
  const token = bearer(req);
  return token ? `key:${tokenTag(token)}` : `ip:${req.ip}`;
};

// A fixed window per key: the first hit starts it. Returns the count and the window's time left.
const INCR = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** Windows kept in this process at most: past it the oldest go (an attacker's many keys cost memory once). */
const LOCAL_KEYS = 10_000;

/**
 * Counts in this process. The package's own LocalStore hands every caller the same mutable entry,
 * so requests that arrive together all read the count of the last one (all 429, none allowed): this
 * one answers each caller its own figures.
 */
class LocalThrottleStore {
  private windows = new Map<string, { count: number; endsAt: number }>();
  incr(id: string, cb: Callback, timeWindow: number) {
    const now = Date.now();
    let w = this.windows.get(id);
    if (!w || w.endsAt <= now) {
      this.windows.delete(id);
      w = { count: 0, endsAt: now + timeWindow };
      this.windows.set(id, w);
      if (this.windows.size > LOCAL_KEYS) this.windows.delete(this.windows.keys().next().value!);
    }
    w.count++;
    cb(null, { current: w.count, ttl: w.endsAt - now });
  }
  child() {
    return new LocalThrottleStore();
  }
}

/** What the store needs of a Redis client. */
interface Evaluator {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** The store interface `@fastify/rate-limit` calls, over the node-redis client the server uses. */
function redisStore(client: Evaluator, prefix: string) {
  return class RedisThrottleStore {
    // @fastify/rate-limit constructs the store with its options; a route's child names its own key.
    constructor(
      _options?: unknown,
      readonly key = prefix,
    ) {}
    incr(id: string, cb: Callback, timeWindow: number) {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('redis throttle timed out')), REDIS_TIMEOUT_MS).unref(),
      );
      Promise.race([
        client.eval(INCR, { keys: [`${this.key}${id}`], arguments: [String(timeWindow)] }),
        timeout,
      ]).then(
        (reply) => {
          const [current, ttl] = reply as [number, number];
          cb(null, { current, ttl });
        },
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(routeOptions: object) {
      // At run time the package passes the route's merged limits, the route itself as `routeInfo`.
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
      return new RedisThrottleStore(undefined, `${this.key}${method}${url}:`);
    }
  };
}

export async function registerThrottles(
  app: FastifyInstance,
  { limits, redisUrl, redisPrefix }: { limits: ThrottleLimits; redisUrl?: string; redisPrefix: string },
) {
  const client = redisUrl
    ? createClient({
        url: redisUrl,
        // Down is down: a command fails at once instead of waiting in a queue (the throttle is skipped).
        disableOfflineQueue: true,
        socket: { reconnectStrategy: (retries: number) => Math.min(200 * 2 ** retries, 5_000) },
      })
    : undefined;
  if (client) {
    let down = false;
    client.on('error', (err: unknown) => {
      if (!down) app.log.error({ err }, 'redis unreachable; throttles count on this instance only');
      down = true;
    });
    client.on('ready', () => (down = false));
    client.connect().catch(() => undefined);
    app.addHook('onClose', async () => {
      try {
        client.destroy();
      } catch {
        // A client that never connected may throw here: nothing is left to close.
      }
    });
  }
  const perRoute: Record<Throttle, { max: number; keyGenerator: (req: FastifyRequest) => string }> = {
    'sign-in': { max: limits.signInPerIp, keyGenerator: (req) => `ip:${req.ip}` },
    ask: { max: limits.asksPerDevice, keyGenerator: keyBucket },
  };
  app.addHook('onRoute', (route) => {
    const kind = route.config?.throttle;
    if (!kind || perRoute[kind].max <= 0) return;
    // Read by @fastify/rate-limit's own onRoute hook, added after this one (below).
    route.config = { ...route.config, rateLimit: { ...perRoute[kind], timeWindow: WINDOW_MS } };
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // A store that fails (Redis down) never fails the request.
    skipOnError: true,
    store: client ? redisStore(client, `${redisPrefix}:throttle:`) : LocalThrottleStore,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        429,
        'too_many_requests',
        'Too many requests. Please wait a moment and try again.',
        Math.max(1, Math.ceil(ctx.ttl / 1000)),
      ),
  });
}
