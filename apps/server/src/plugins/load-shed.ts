import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { HEALTH_PATHS } from '../modules/health/index.js';

/**
 * Admission control for a server whose database answers one query at a time (PGlite): at most
 * `concurrency` requests work at once; the rest wait in a short queue per priority, and past its
 * length or its wait they are refused at once with 503 and Retry-After — never left hanging.
 * Sign-in, the device API and health go first; heavy console reads (search, export, dashboard)
 * last, and never more than one at a time.
 */
export type Priority = 'high' | 'normal' | 'low';

export interface ShedLimits {
  concurrency: number;
  /** Heavy reads working at once, of `concurrency`. */
  lowConcurrency: number;
  queue: Record<Priority, number>;
  /** Longest wait in the queue (ms) before a 503. */
  waitMs: Record<Priority, number>;
}

/** PGlite answers one query at a time: a few requests at work keep it busy without a backlog. */
export const PGLITE_LIMITS: ShedLimits = {
  concurrency: 4,
  lowConcurrency: 1,
  queue: { high: 256, normal: 64, low: 16 },
  waitMs: { high: 5000, normal: 3000, low: 2000 },
};

/** PostgreSQL: as many at work as the pool has connections; heavy reads never take more than half. */
export const POSTGRES_LIMITS: ShedLimits = {
  concurrency: 10,
  lowConcurrency: 5,
  queue: { high: 512, normal: 128, low: 32 },
  waitMs: { high: 5000, normal: 3000, low: 2000 },
};

const ORDER: Priority[] = ['high', 'normal', 'low'];
const RETRY_AFTER: Record<Priority, number> = { high: 1, normal: 2, low: 5 };

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

const overloaded = (p: Priority, why: string) =>
  new AppError(
    503,
    'overloaded',
    `The server is busy (${why}). Please try again in a moment.`,
    RETRY_AFTER[p],
  );

export function createLoadShedder(limits: ShedLimits) {
  let working = 0;
  let workingLow = 0;
  const queues: Record<Priority, Waiter[]> = { high: [], normal: [], low: [] };
  /** Read by /metrics: requests admitted, and refused per priority. */
  const stats = { admitted: 0, shed: { high: 0, normal: 0, low: 0 } as Record<Priority, number> };

  const canRun = (p: Priority) =>
    working < limits.concurrency && (p !== 'low' || workingLow < limits.lowConcurrency);
  const start = (p: Priority) => {
    working++;
    if (p === 'low') workingLow++;
    stats.admitted++;
  };
  /** A slot freed: the first waiter of the highest priority that may run takes it. */
  const next = () => {
    for (const p of ORDER) {
      const queue = queues[p];
      if (queue.length > 0 && canRun(p)) {
        const waiter = queue.shift()!;
        clearTimeout(waiter.timer);
        start(p);
        waiter.admit();
        return;
      }
    }
  };

  return {
    stats,
    get working() {
      return working;
    },
    /** Requests waiting for a slot, per priority. */
    queued: (): Record<Priority, number> => ({
      high: queues.high.length,
      normal: queues.normal.length,
      low: queues.low.length,
    }),
    /**
     * Waits for a slot; answers the function that gives it back. A caller that goes away while
     * waiting (`signal`) leaves the queue at once and takes no slot.
     */
    async acquire(p: Priority, signal?: AbortSignal): Promise<() => void> {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        working--;
        if (p === 'low') workingLow--;
        next();
      };
      // Nobody of a higher or equal priority waiting: run now if there is room.
      if (canRun(p) && ORDER.slice(0, ORDER.indexOf(p) + 1).every((q) => queues[q].length === 0)) {
        start(p);
        return release;
      }
      if (queues[p].length >= limits.queue[p]) {
        stats.shed[p]++;
        throw overloaded(p, 'too many requests are waiting');
      }
      await new Promise<void>((resolve, reject) => {
        const leave = () => {
          clearTimeout(waiter.timer);
          queues[p].splice(queues[p].indexOf(waiter), 1);
        };
        const onAbort = () => {
          leave();
          reject(new AppError(499, 'client_closed', 'The client went away.'));
        };
        const waiter: Waiter = {
          admit: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
          timer: setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            leave();
            stats.shed[p]++;
            reject(overloaded(p, 'the wait grew too long'));
          }, limits.waitMs[p]),
        };
        queues[p].push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      return release;
    },
  };
}

export type LoadShedder = ReturnType<typeof createLoadShedder>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Its place in the queue when the server sheds load (default normal). */
    priority?: Priority;
  }
  interface FastifyRequest {
    /** Gives the request's slot back (once); null when it holds none. */
    shedRelease: (() => void) | null;
  }
}

const isStream = (payload: unknown) =>
  payload !== null &&
  typeof payload === 'object' &&
  typeof (payload as { pipe?: unknown }).pipe === 'function';

const HEALTH = new Set(HEALTH_PATHS);

/** Sign-in, the device API and health first; a route may declare itself heavy (`low`). */
function priorityOf(req: FastifyRequest): Priority | undefined {
  const url = req.routeOptions.url;
  if (url === undefined) return undefined; // no route: a 404, no database work
  if (url.startsWith('/device_api/') || url === '/admin_panel/login' || HEALTH.has(url)) return 'high';
  // Static files: no database work; /metrics: never queued, so a scrape sees an overload as it is.
  if (!url.startsWith('/admin_panel/')) return undefined;
  return req.routeOptions.config.priority ?? 'normal';
}

/**
 * Every API request passes the shedder before anything else runs, and frees its slot when
 * answered — a streamed answer (an export) as soon as it starts, so a long download does not
 * keep others waiting for the whole of its transfer.
 */
export function registerLoadShedding(app: FastifyInstance, shedder: LoadShedder) {
  app.decorateRequest('shedRelease', null);
  app.addHook('onSend', async (req, _reply, payload) => {
    if (isStream(payload)) req.shedRelease?.();
  });
  app.addHook('onRequest', async (req, reply) => {
    const p = priorityOf(req);
    if (!p) return;
    // 'close' follows the answer, or a client that went away — possibly while still queued.
    const gone = new AbortController();
    reply.raw.once('close', () => {
      gone.abort();
      req.shedRelease?.();
    });
    req.shedRelease = await shedder.acquire(p, gone.signal);
    // Gone between its turn coming and now: the slot goes back at once.
    if (gone.signal.aborted) req.shedRelease();
  });
}
