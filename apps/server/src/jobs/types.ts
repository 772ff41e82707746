/**
 * The durable job queue's interface (implemented in jobs/queue.ts over the `jobs` table). Work that
 * must survive a restart and may take long (document scans, avatar production) is enqueued here;
 * any instance's worker claims it with `FOR UPDATE SKIP LOCKED`.
 */
export interface JobContext<P = Record<string, unknown>> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run; a retry after a failure or a restart counts up. */
  attempt: number;
  /** Saves 0–100 progress on the job row. */
  progress(percent: number): Promise<void>;
  /** Aborted when the server is stopping: finish soon or throw (the job is retried after restart). */
  signal: AbortSignal;
}

export interface JobOptions {
  /** At most one queued or running job per key: enqueueing the same key again does nothing. */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobHandlerOptions {
  /** A running job whose lock is older than this is taken to be lost (its instance died) and run again. */
  leaseMs?: number;
  /** How many jobs of this kind one instance runs at once. */
  concurrency?: number;
  /**
   * The payload holds what visitors said: a done job's row is deleted at once instead of kept for a
   * week, and a failed one keeps its error but not its payload (retention's deletions reach no copy).
   */
  forgetPayload?: boolean;
  /** Called once when a job failed its last attempt (to record the failure where users see it). */
  onFailed?: (job: { id: number; payload: Record<string, unknown>; error: string }) => Promise<void>;
}

export type JobHandler<P = Record<string, unknown>> = (job: JobContext<P>) => Promise<void>;

export interface JobQueue {
  /** Queues a job; resolves with its id, or null when a job with the same key is already queued or running. */
  enqueue(kind: string, payload: Record<string, unknown>, opts?: JobOptions): Promise<number | null>;
  /** Registers the handler of a kind (before `start`). A handler that throws is retried with backoff. */
  register<P = Record<string, unknown>>(kind: string, handler: JobHandler<P>, opts?: JobHandlerOptions): void;
  /** The kinds registered so far (/metrics reports each, 0 when none is waiting). */
  kinds(): string[];
  /** Starts polling for due jobs (the server; tests call `runDue`). */
  start(): void;
  /** Stops claiming; aborts and waits for running jobs (they run again after a restart). */
  stop(): Promise<void>;
  /**
   * Of these job keys, the ones whose job was interrupted: running on a worker that stopped
   * answering (it is taken over once its lease ends), or waiting to run again after an attempt that
   * did not finish. What the console shows as "interrupted, resumes by itself".
   */
  interrupted(kind: string, keys: string[]): Promise<Set<string>>;
  /** Runs every due job now, until none is due; resolves with how many ran (tests, and `start`'s loop). */
  runDue(): Promise<number>;
}
