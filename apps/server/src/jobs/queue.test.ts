import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { jobs } from '../db/schema.js';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { openAndSeed } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { ADMIN, backends, freshStore, TestClock, type Store } from '../test/harness.js';
import { backoffMs, createJobQueue, JOBS_PRUNE } from './queue.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const open = (store: Store) =>
  openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.env.DATA_DIR });

/** A promise and the functions that settle it: a handler that waits for the test. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Polls `check` until it holds (5 s at most): for work another timer does, never a fixed sleep. */
const eventually = (check: () => Promise<boolean>) =>
  expect.poll(check, { timeout: 5_000, interval: 5 }).toBe(true);

describe.each(backends)('durable job queue (%s)', (backend) => {
  let store: Store;
  let database: Database;
  let clock: TestClock;

  beforeAll(async () => {
    store = await freshStore(backend);
    database = await open(store);
  });
  afterAll(async () => {
    await database.close();
    await store.drop();
  });
  beforeEach(async () => {
    await database.db.delete(jobs);
    clock = new TestClock();
  });

  const queue = (workerId?: string, db = database.db) => createJobQueue({ db, clock, log: silent, workerId });
  const row = async (id: number) => {
    const [r] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    return r!;
  };

  it('tells which jobs were interrupted: a silent worker, or waiting to retry after an attempt', async () => {
    const q = queue();
    let fail = true;
    q.register('scan', async () => {
      if (fail) throw new Error('crashed');
    });
    await q.enqueue('scan', {}, { key: 'scan:1' });
    await q.enqueue('scan', {}, { key: 'scan:2' });
    expect(await q.interrupted('scan', ['scan:1', 'scan:2'])).toEqual(new Set());
    await q.runDue();
    // Both failed once and wait for their retry.
    expect(await q.interrupted('scan', ['scan:1', 'scan:2', 'scan:3'])).toEqual(
      new Set(['scan:1', 'scan:2']),
    );
    fail = false;
    clock.advance(60_000);
    await q.runDue();
    expect(await q.interrupted('scan', ['scan:1', 'scan:2'])).toEqual(new Set());
    expect(await q.interrupted('scan', [])).toEqual(new Set());
  });

  it('runs a queued job once with its payload, and marks it done', async () => {
    const q = queue();
    const seen: Array<{ payload: unknown; attempt: number }> = [];
    q.register('greet', async (job) => {
      seen.push({ payload: job.payload, attempt: job.attempt });
    });
    const id = await q.enqueue('greet', { name: '王小明' });
    expect(id).toBeTypeOf('number');
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ payload: { name: '王小明' }, attempt: 1 }]);
    const done = await row(id!);
    expect(done.status).toBe('done');
    expect(done.finishedAt).toEqual(clock.now());
    expect(done.lockedBy).toBeNull();
    // Nothing is due any more.
    expect(await q.runDue()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('does not run a job before its time, nor a kind nobody registered', async () => {
    const q = queue();
    const ran: string[] = [];
    q.register('later', async () => {
      ran.push('later');
    });
    await q.enqueue('later', {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    await q.enqueue('unknown', {});
    expect(await q.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await q.runDue()).toBe(1);
    expect(ran).toEqual(['later']);
  });

  it('enqueues one job per key while it is queued or running, and again once it is done', async () => {
    const q = queue();
    let runs = 0;
    q.register('scan', async () => {
      runs += 1;
    });
    const first = await q.enqueue('scan', { doc: 1 }, { key: 'scan:1' });
    expect(first).not.toBeNull();
    expect(await q.enqueue('scan', { doc: 1 }, { key: 'scan:1' })).toBeNull();
    expect(await q.enqueue('scan', { doc: 2 }, { key: 'scan:2' })).not.toBeNull();
    expect(await q.runDue()).toBe(2);
    expect(runs).toBe(2);
    // Done: the key is free again.
    expect(await q.enqueue('scan', { doc: 1 }, { key: 'scan:1' })).not.toBeNull();
  });

  it('retries a throwing job with backoff, then fails it and calls onFailed once', async () => {
    const q = queue();
    const attempts: number[] = [];
    const failed: Array<{ id: number; payload: unknown; error: string }> = [];
    q.register(
      'flaky',
      async (job) => {
        attempts.push(job.attempt);
        throw new Error(`broken ${job.attempt}`);
      },
      { onFailed: async (job) => void failed.push(job) },
    );
    const id = (await q.enqueue('flaky', { doc: 7 }, { maxAttempts: 3 }))!;
    expect(await q.runDue()).toBe(1);
    let r = await row(id);
    expect(r.status).toBe('queued');
    expect(r.lastError).toBe('broken 1');
    expect(r.runAt.getTime()).toBe(clock.now().getTime() + backoffMs(1));
    // Not before the backoff is over.
    clock.advance(backoffMs(1) - 1);
    expect(await q.runDue()).toBe(0);
    clock.advance(1);
    expect(await q.runDue()).toBe(1);
    expect((await row(id)).lastError).toBe('broken 2');
    clock.advance(backoffMs(2));
    expect(await q.runDue()).toBe(1);
    r = await row(id);
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(3);
    expect(r.finishedAt).toEqual(clock.now());
    expect(attempts).toEqual([1, 2, 3]);
    expect(failed).toEqual([{ id, payload: { doc: 7 }, error: 'broken 3' }]);
    clock.advance(3_600_000);
    expect(await q.runDue()).toBe(0);
  });

  it('runs again a job left running by a worker that died, once its lease is over', async () => {
    const q = queue();
    const attempts: number[] = [];
    q.register('scan', async (job) => void attempts.push(job.attempt), { leaseMs: 60_000 });
    const now = clock.now().getTime();
    const [lost, fresh] = await database.db
      .insert(jobs)
      .values([
        // Its instance died mid-job two minutes ago.
        { kind: 'scan', status: 'running', attempts: 1, lockedAt: new Date(now - 120_000), lockedBy: 'dead' },
        // Another instance is working on this one right now.
        { kind: 'scan', status: 'running', attempts: 1, lockedAt: new Date(now - 10_000), lockedBy: 'alive' },
      ])
      .returning();
    expect(await q.runDue()).toBe(1);
    expect(attempts).toEqual([2]);
    expect((await row(lost!.id)).status).toBe('done');
    expect((await row(fresh!.id)).status).toBe('running');
    // The live worker's heartbeat stops: its job is taken over too.
    clock.advance(60_000);
    expect(await q.runDue()).toBe(1);
    expect((await row(fresh!.id)).status).toBe('done');
  });

  it('fails, rather than runs forever, a job whose worker died on every attempt', async () => {
    const q = queue();
    let ran = false;
    const failed: number[] = [];
    q.register('scan', async () => void (ran = true), { onFailed: async (j) => void failed.push(j.id) });
    const [lost] = await database.db
      .insert(jobs)
      .values({
        kind: 'scan',
        status: 'running',
        attempts: 3,
        maxAttempts: 3,
        lockedAt: new Date(clock.now().getTime() - 600_000),
        lockedBy: 'dead',
      })
      .returning();
    await q.runDue();
    expect(ran).toBe(false);
    expect((await row(lost!.id)).status).toBe('failed');
    expect(failed).toEqual([lost!.id]);
  });

  it('refreshes the lock of a long job, so another instance does not take it over', async () => {
    const q = queue('long');
    const rival = queue('rival');
    const lease = 60;
    const halfway = deferred();
    const resume = deferred();
    let rivalRan = false;
    q.register(
      'scan',
      async () => {
        halfway.resolve();
        await resume.promise;
      },
      { leaseMs: lease },
    );
    rival.register('scan', async () => void (rivalRan = true), { leaseMs: lease });
    const id = (await q.enqueue('scan', {}))!;
    const run = q.runDue();
    await halfway.promise;
    const claimedAt = (await row(id)).lockedAt!.getTime();
    clock.advance(lease / 2);
    // The heartbeat (every lease/3) writes the clock's time on the row.
    await eventually(async () => (await row(id)).lockedAt!.getTime() === claimedAt + lease / 2);
    // Past the first lock's lease, but not the refreshed one's: the rival finds nothing to do.
    clock.advance(lease / 2 + 1);
    expect(await rival.runDue()).toBe(0);
    resume.resolve();
    expect(await run).toBe(1);
    expect(rivalRan).toBe(false);
    expect((await row(id)).status).toBe('done');
  });

  it('saves progress while the job runs', async () => {
    const q = queue();
    const halfway = deferred();
    const resume = deferred();
    q.register('scan', async (job) => {
      await job.progress(49.6);
      halfway.resolve();
      await resume.promise;
    });
    const id = (await q.enqueue('scan', {}))!;
    const run = q.runDue();
    await halfway.promise;
    const r = await row(id);
    expect(r.status).toBe('running');
    expect(r.progress).toBe(50);
    resume.resolve();
    expect(await run).toBe(1);
    expect((await row(id)).progress).toBe(100);
  });

  it('runs at most `concurrency` jobs of a kind at once', async () => {
    const q = queue();
    let now = 0;
    let most = 0;
    q.register(
      'scan',
      async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise((r) => setImmediate(r));
        now -= 1;
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 6; i++) await q.enqueue('scan', { i });
    expect(await q.runDue()).toBe(6);
    expect(most).toBe(2);
  });

  it('stop() aborts a running job, which is queued again without counting the attempt', async () => {
    const q = queue();
    const started = deferred();
    q.register('scan', async (job) => {
      started.resolve();
      await new Promise((_resolve, reject) => {
        job.signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    });
    const id = (await q.enqueue('scan', {}))!;
    const run = q.runDue();
    await started.promise;
    expect((await row(id)).status).toBe('running');
    await q.stop();
    expect(await run).toBe(1);
    const r = await row(id);
    expect(r.status).toBe('queued');
    expect(r.attempts).toBe(0);
    expect(r.lastError).toBeNull();
    // After a restart, another instance runs it (as its first attempt).
    const next = queue('restarted');
    const attempts: number[] = [];
    next.register('scan', async (job) => void attempts.push(job.attempt));
    expect(await next.runDue()).toBe(1);
    expect(attempts).toEqual([1]);
  });

  it('start() runs a job as soon as it is enqueued, without waiting for the next poll', async () => {
    const q = createJobQueue({ db: database.db, clock, log: silent, pollMs: 3_600_000 });
    const ran = deferred<number>();
    q.register('scan', async (job) => ran.resolve(job.id));
    q.start();
    try {
      const id = await q.enqueue('scan', {});
      expect(await ran.promise).toBe(id);
    } finally {
      await q.stop();
    }
  });

  it('housekeeping deletes done jobs after 7 days and failed ones after 30', async () => {
    const q = queue();
    const day = 86_400_000;
    const at = (days: number) => new Date(clock.now().getTime() - days * day);
    await database.db.insert(jobs).values([
      { kind: 'a', status: 'done', finishedAt: at(8) },
      { kind: 'b', status: 'done', finishedAt: at(6) },
      { kind: 'c', status: 'failed', finishedAt: at(31) },
      { kind: 'd', status: 'failed', finishedAt: at(29) },
      { kind: 'e', status: 'queued' },
    ]);
    expect(await q.prune()).toEqual({ deleted: 2 });
    const left = await database.db.select({ kind: jobs.kind }).from(jobs).orderBy(jobs.kind);
    expect(left.map((r) => r.kind)).toEqual(['b', 'd', 'e']);
  });

  it.runIf(backend === 'postgres')('two instances on one database never run the same job twice', async () => {
    const other = await open(store);
    try {
      const ran = new Map<number, string[]>();
      const [a, b] = [queue('a'), queue('b', other.db)];
      for (const [name, q] of [
        ['a', a],
        ['b', b],
      ] as const) {
        q.register(
          'scan',
          async (job) => {
            ran.set(job.id, [...(ran.get(job.id) ?? []), name]);
            await new Promise((r) => setImmediate(r));
          },
          { concurrency: 4 },
        );
      }
      for (let i = 0; i < 50; i++) await a.enqueue('scan', { i });
      const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(byA + byB).toBe(50);
      expect(ran.size).toBe(50);
      expect([...ran.values()].every((workers) => workers.length === 1)).toBe(true);
      const statuses = await database.db.select({ status: jobs.status }).from(jobs);
      expect(statuses.every((s) => s.status === 'done')).toBe(true);
      console.info(`two instances: a ran ${byA}, b ran ${byB}`);
    } finally {
      await other.close();
    }
  });
});

describe.each(backends)('background jobs in the server (%s)', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(backend);
  });
  afterAll(async () => store.drop());

  it('runs what a module registered once the server is ready, prunes hourly, and requeues on close', async () => {
    const config = loadConfig({
      ADMIN_PASSWORD: ADMIN.password,
      CONSOLE_DIR: path.join(os.tmpdir(), 'ac-no-console'),
      ...store.env,
    });
    const database = await openAndSeed(config, silent);
    const clock = new TestClock();
    const app = await buildApp({ config, database, clock, housekeeping: true });
    try {
      const ran = deferred<number>();
      const started = deferred<number>();
      // What a module does while buildApp wires it: register before the server starts.
      app.jobs.register('test-quick', async (job) => ran.resolve(job.id));
      app.jobs.register('test-long', async (job) => {
        started.resolve(job.id);
        await new Promise((_resolve, reject) => {
          job.signal.addEventListener('abort', () => reject(new Error('stopping')));
        });
      });
      await app.ready();
      // The loop wakes on enqueue: no runDue, no waiting for a poll.
      const quick = await app.jobs.enqueue('test-quick', {});
      expect(await ran.promise).toBe(quick);
      const prune = app.housekeepingTasks.find((task) => task.name === JOBS_PRUNE);
      expect(await prune!.run()).toEqual({ deleted: 0 });
      const long = (await app.jobs.enqueue('test-long', {}))!;
      expect(await started.promise).toBe(long);
    } finally {
      await app.close();
    }
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'test-long'));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    await database.close();
  });
});
