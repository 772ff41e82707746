import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';

/** The job states /metrics reports: what waits, what runs, and what failed its last attempt. */
export const JOB_STATES = ['queued', 'running', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobCount {
  kind: string;
  status: JobState;
  count: number;
}

/** What /metrics reads from the database at each scrape. */
export function createMetricsRepo(db: Db) {
  return {
    /**
     * Jobs by kind and state, installation-wide (every instance shares the table). Failed jobs are
     * those still kept (30 days, jobs/queue.ts `prune`); done ones are not counted.
     */
    async jobCounts(): Promise<JobCount[]> {
      return queryRows<JobCount>(
        db,
        sql`select kind, status, count(*)::int as count from ${jobs}
             where status in ('queued', 'running', 'failed')
             group by kind, status`,
      );
    },
  };
}

export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
