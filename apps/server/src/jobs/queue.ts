import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { JobHandler, JobHandlerOptions, JobOptions, JobQueue } from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (jobs/queue.ts): modules register their kinds before start-up. */
    jobs: JobQueue;
  }
}

/** A running job whose lock has not been refreshed for this long is taken to be lost. */
export const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 5_000;
/** Retries wait 2^attempt seconds, at most this long. */
const MAX_BACKOFF_MS = 10 * 60_000;
/** Done jobs are kept this long (to look at), failed ones longer (to find out why). */
const KEEP_DONE_MS = 7 * 86_400_000;
const KEEP_FAILED_MS = 30 * 86_400_000;
/** A last error kept on the row is cut to this length. */
const MAX_ERROR_LENGTH = 2_000;

export const JOBS_PRUNE = 'delete finished background jobs';

export const backoffMs = (attempt: number) => Math.min(2 ** attempt * 1000, MAX_BACKOFF_MS);

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

interface Kind {
  handler: JobHandler;
  leaseMs: number;
  concurrency: number;
  onFailed?: JobHandlerOptions['onFailed'];
  forgetPayload: boolean;
  running: number;
}

interface ClaimedRow {
  id: string | number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
  settled: boolean;
}

const iso = (d: Date) => d.toISOString();
const errorText = (err: unknown) =>
  (err instanceof Error ? err.message || err.name : String(err)).slice(0, MAX_ERROR_LENGTH);

/**
 * The durable job queue over the `jobs` table. A worker claims due rows with one
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`: several instances share the work and
 * never run a job twice at once; a running job whose lock went stale (its instance died) is claimed
 * again. Time is the injected clock's, passed to SQL (never `now()`), so tests move it.
 */
export function createJobQueue({
  db,
  clock,
  log,
  workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  pollMs = DEFAULT_POLL_MS,
}: {
  db: Db;
  clock: Clock;
  log: Log;
  workerId?: string;
  pollMs?: number;
}): JobQueue & { prune(): Promise<{ deleted: number }> } {
  const kinds = new Map<string, Kind>();
  const running = new Map<number, Running>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let again = false;
  /** Claims run one at a time in this instance, so per-kind concurrency is never exceeded. */
  let claimChain: Promise<unknown> = Promise.resolve();

  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = claimChain.then(fn, fn);
    claimChain = next.catch(() => undefined);
    return next;
  };

  async function claim(kind: string, k: Kind, limit: number): Promise<ClaimedRow[]> {
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - k.leaseMs);
    return queryRows<ClaimedRow>(
      db,
      sql`update ${jobs} set status = 'running', locked_at = ${iso(now)}::timestamptz,
                locked_by = ${workerId}::text, attempts = attempts + 1
           where id in (
             select id from ${jobs}
              where kind = ${kind}::text
                and ((status = 'queued' and run_at <= ${iso(now)}::timestamptz)
                  or (status = 'running' and locked_at < ${iso(staleBefore)}::timestamptz))
              order by run_at, id
              limit ${limit}::integer
              for update skip locked)
       returning id, kind, payload, attempts, max_attempts`,
    );
  }

  /** Updates the row only while this instance still holds it. */
  const whileMine = (id: number) =>
    sql`id = ${id}::bigint and status = 'running' and locked_by = ${workerId}::text`;

  async function finish(id: number, k: Kind, row: ClaimedRow, outcome: 'done' | 'aborted' | unknown) {
    const now = iso(clock.now());
    if (outcome === 'done') {
      await db.execute(
        k.forgetPayload
          ? sql`delete from ${jobs} where ${whileMine(id)}`
          : sql`update ${jobs} set status = 'done', finished_at = ${now}::timestamptz, progress = 100,
                  locked_at = null, locked_by = null where ${whileMine(id)}`,
      );
      return;
    }
    if (outcome === 'aborted') {
      // Stopping is not the job's fault: it runs again at once, the attempt not counted.
      await db.execute(
        sql`update ${jobs} set status = 'queued', run_at = ${now}::timestamptz, attempts = attempts - 1,
                  locked_at = null, locked_by = null where ${whileMine(id)}`,
      );
      return;
    }
    const error = errorText(outcome);
    if (row.attempts < row.max_attempts) {
      const runAt = iso(new Date(clock.now().getTime() + backoffMs(row.attempts)));
      await db.execute(
        sql`update ${jobs} set status = 'queued', run_at = ${runAt}::timestamptz, last_error = ${error}::text,
                  locked_at = null, locked_by = null where ${whileMine(id)}`,
      );
      log.warn({ job: id, kind: row.kind, attempt: row.attempts, err: outcome }, 'job failed, will retry');
      return;
    }
    await fail(id, k, row, error);
  }

  async function fail(id: number, k: Kind, row: ClaimedRow, error: string) {
    const rows = await queryRows<{ id: unknown }>(
      db,
      sql`update ${jobs} set status = 'failed', finished_at = ${iso(clock.now())}::timestamptz,
                last_error = ${error}::text, locked_at = null, locked_by = null
                ${k.forgetPayload ? sql`, payload = '{}'::jsonb` : sql``}
           where ${whileMine(id)} returning id`,
    );
    log.error({ job: id, kind: row.kind, attempts: row.attempts, error }, 'job failed');
    if (rows.length > 0 && k.onFailed) {
      await k.onFailed({ id, payload: row.payload, error }).catch((err: unknown) => {
        log.error({ err, job: id, kind: row.kind }, 'recording a failed job failed');
      });
    }
  }

  async function runJob(kindName: string, k: Kind, row: ClaimedRow, controller: AbortController) {
    const id = Number(row.id);
    if (row.attempts > row.max_attempts) {
      // Claimed again after its worker died on every attempt (it may be what kills the worker).
      await fail(id, k, row, 'The job stopped its worker too many times.');
      return;
    }
    // Said so an operator's log shows a job taken over from a worker that died (attempt > 1).
    log.info({ job: id, kind: kindName, attempt: row.attempts }, 'job started');
    // Refreshes the lock so a long job is not taken for lost.
    const heartbeat = setInterval(
      () => {
        db.execute(
          sql`update ${jobs} set locked_at = ${iso(clock.now())}::timestamptz where ${whileMine(id)}`,
        )
          .then(() => undefined)
          .catch((err: unknown) => log.error({ err, job: id }, 'refreshing a job lock failed'));
      },
      Math.max(1, Math.floor(k.leaseMs / 3)),
    );
    heartbeat.unref();
    let outcome: unknown = 'done';
    try {
      await k.handler({
        id,
        kind: kindName,
        payload: row.payload,
        attempt: row.attempts,
        signal: controller.signal,
        progress: async (percent) => {
          const p = Math.max(0, Math.min(100, Math.round(percent)));
          await db.execute(sql`update ${jobs} set progress = ${p}::smallint where ${whileMine(id)}`);
        },
      });
    } catch (err) {
      outcome = controller.signal.aborted ? 'aborted' : err;
    } finally {
      clearInterval(heartbeat);
    }
    await finish(id, k, row, outcome);
  }

  function launch(kindName: string, k: Kind, row: ClaimedRow): Running {
    const controller = new AbortController();
    const id = Number(row.id);
    k.running += 1;
    const entry: Running = { controller, settled: false, done: Promise.resolve() };
    entry.done = runJob(kindName, k, row, controller)
      .catch((err: unknown) => log.error({ err, job: id, kind: kindName }, 'finishing a job failed'))
      .finally(() => {
        k.running -= 1;
        entry.settled = true;
        running.delete(id);
        // A slot is free: the loop looks for more at once.
        wake();
      });
    running.set(id, entry);
    return entry;
  }

  /** Claims as many due jobs as each kind has free slots for, and starts them. */
  const fill = () =>
    serially(async () => {
      const launched: Running[] = [];
      for (const [kindName, k] of kinds) {
        if (stopping) break;
        const free = k.concurrency - k.running;
        if (free <= 0) continue;
        for (const row of await claim(kindName, k, free)) launched.push(launch(kindName, k, row));
      }
      return launched;
    });

  async function tick() {
    timer = undefined;
    if (!started || stopping) return;
    ticking = true;
    try {
      do {
        again = false;
        await fill();
      } while (again && !stopping);
    } catch (err) {
      log.error({ err }, 'claiming background jobs failed');
    } finally {
      ticking = false;
    }
    if (started && !stopping && !timer) {
      timer = setTimeout(() => void tick(), pollMs);
      timer.unref();
    }
  }

  function wake() {
    if (!started || stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), 0);
    timer.unref();
  }

  return {
    async enqueue(kind, payload, opts: JobOptions = {}) {
      const runAt = iso(opts.runAt ?? clock.now());
      const [row] = await queryRows<{ id: string | number }>(
        db,
        sql`insert into ${jobs} (kind, payload, key, max_attempts, run_at, created_at)
            values (${kind}::text, ${JSON.stringify(payload)}::jsonb, ${opts.key ?? null}::text,
                    ${opts.maxAttempts ?? 3}::integer, ${runAt}::timestamptz, ${iso(clock.now())}::timestamptz)
            on conflict (key) where key is not null and status in ('queued', 'running') do nothing
            returning id`,
      );
      if (!row) return null;
      wake();
      return Number(row.id);
    },

    register(kind, handler, opts = {}) {
      kinds.set(kind, {
        handler: handler as JobHandler,
        leaseMs: opts.leaseMs ?? DEFAULT_LEASE_MS,
        concurrency: Math.max(1, opts.concurrency ?? 1),
        onFailed: opts.onFailed,
        forgetPayload: opts.forgetPayload ?? false,
        running: 0,
      });
    },

    kinds: () => [...kinds.keys()],

    start() {
      if (started) return;
      started = true;
      stopping = false;
      wake();
    },

    async stop() {
      stopping = true;
      started = false;
      clearTimeout(timer);
      timer = undefined;
      // A claim under way still launches what it claimed: let it, then abort everything running.
      await claimChain;
      const all = [...running.values()];
      for (const r of all) r.controller.abort(new Error('The server is stopping.'));
      await Promise.all(all.map((r) => r.done));
    },

    async runDue() {
      let count = 0;
      const mine: Running[] = [];
      for (;;) {
        if (!stopping) {
          const launched = await fill();
          count += launched.length;
          mine.push(...launched);
        }
        const pending = mine.filter((r) => !r.settled);
        if (pending.length === 0) return count;
        await Promise.race(pending.map((r) => r.done));
      }
    },

    async interrupted(kind, keys) {
      if (keys.length === 0) return new Set<string>();
      const lease = kinds.get(kind)?.leaseMs ?? DEFAULT_LEASE_MS;
      const now = clock.now().getTime();
      // Two heartbeats missed (one is sent every lease/3): its worker is gone, another takes it soon.
      const silentSince = new Date(now - Math.floor((2 * lease) / 3));
      const rows = await queryRows<{ key: string }>(
        db,
        sql`select key from ${jobs}
             where kind = ${kind}::text and key in (${sql.join(
               keys.map((k) => sql`${k}::text`),
               sql`, `,
             )})
               and ((status = 'running' and locked_at < ${iso(silentSince)}::timestamptz)
                 or (status = 'queued' and attempts > 0))`,
      );
      return new Set(rows.map((r) => r.key));
    },

    /** Housekeeping: done jobs after 7 days, failed ones after 30. */
    async prune() {
      const now = clock.now().getTime();
      const rows = await queryRows<{ id: unknown }>(
        db,
        sql`delete from ${jobs}
             where (status = 'done' and finished_at < ${iso(new Date(now - KEEP_DONE_MS))}::timestamptz)
                or (status = 'failed' and finished_at < ${iso(new Date(now - KEEP_FAILED_MS))}::timestamptz)
            returning id`,
      );
      return { deleted: rows.length };
    },
  };
}
