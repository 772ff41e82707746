import type { FastifyBaseLogger } from 'fastify';

export interface HousekeepingTask {
  name: string;
  run(): Promise<unknown>;
  /** Logs only its failures (a task run every few seconds). */
  quiet?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly housekeeping tasks, scheduled or not (tests run them with their own clock). */
    housekeepingTasks: HousekeepingTask[];
  }
}

/** The task that deletes media nothing uses once their grace period is over (media/store.ts). */
export const MEDIA_SWEEP = 'delete media nothing uses';

/**
 * Runs housekeeping tasks soon after start-up and then every `everyMs`. Each instance may run it:
 * the tasks are idempotent (deletes, or updates of rows not yet changed), so several instances
 * doing it at once is harmless.
 */
export function startHousekeeping(tasks: HousekeepingTask[], log: FastifyBaseLogger, everyMs = 3_600_000) {
  const runAll = async () => {
    for (const task of tasks) {
      try {
        const result = await task.run();
        if (!task.quiet) log.info({ task: task.name, result }, 'housekeeping');
      } catch (err) {
        log.error({ err, task: task.name }, 'housekeeping failed');
      }
    }
  };
  const first = setTimeout(() => void runAll(), Math.min(60_000, everyMs));
  const timer = setInterval(() => void runAll(), everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
