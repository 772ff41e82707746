import type { JobQueue } from '../../jobs/types.js';
import type { ConversationLog } from './repo.js';

export interface LogFailureSink {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The job that writes a conversation row whose first write failed. */
export const CONVERSATION_LOG_JOB = 'conversation.log';
/** Attempts of the job before it gives up (its backoff reaches 10 minutes between tries: hours in all). */
const JOB_ATTEMPTS = 20;
/** While even the outbox cannot be written (the database is away), rows wait here and retry this often. */
const HOLD_RETRY_MS = 5_000;
const HOLD_MAX = 10_000;

/** The row as a job's payload: JSON, so its time is ISO text. */
const toPayload = (row: ConversationLog) => ({ ...row, at: row.at.toISOString() }) as Record<string, unknown>;
const fromPayload = (payload: Record<string, unknown>) =>
  ({ ...payload, at: new Date(String(payload.at)) }) as unknown as ConversationLog;

/**
 * The conversation log's retry path. A row whose write failed goes to the jobs table (an outbox),
 * so it survives a crash or a restart and any instance writes it; its idempotency key makes a write
 * that did land count once. Only while the outbox itself cannot be written (the database is down)
 * does a row wait in memory, and those are tried again every few seconds and once more on close.
 */
export function createLogOutbox({
  jobs,
  write,
  log,
}: {
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  write: (row: ConversationLog) => Promise<unknown>;
  log: LogFailureSink;
}) {
  const held: ConversationLog[] = [];
  let timer: NodeJS.Timeout | undefined;

  jobs.register(CONVERSATION_LOG_JOB, async (job) => void (await write(fromPayload(job.payload))), {
    concurrency: 2,
    forgetPayload: true,
  });

  const enqueue = (row: ConversationLog) =>
    jobs.enqueue(CONVERSATION_LOG_JOB, toPayload(row), {
      key: `conversation-log:${row.idempotencyKey}`,
      maxAttempts: JOB_ATTEMPTS,
    });

  function hold(row: ConversationLog) {
    if (held.length >= HOLD_MAX) {
      log.error(
        { idempotencyKey: row.idempotencyKey },
        'conversation log outbox is unreachable and full; dropping a row',
      );
      return;
    }
    held.push(row);
    timer ??= setInterval(() => void flush(), HOLD_RETRY_MS);
    timer.unref();
  }

  /** Moves what waits in memory to the outbox; what still cannot go stays. */
  async function flush() {
    for (const row of held.splice(0)) {
      try {
        await enqueue(row);
      } catch {
        held.push(row);
        break;
      }
    }
    if (held.length === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  return {
    /** Keeps a row whose write failed until a later write lands. */
    async keep(row: ConversationLog) {
      try {
        await enqueue(row);
      } catch (err) {
        log.warn(
          { err, idempotencyKey: row.idempotencyKey },
          'conversation log outbox unreachable; holding the row',
        );
        hold(row);
      }
    },
    /** Rows waiting in memory (the outbox could not be written). */
    held: () => held.length,
    flush,
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
      if (held.length > 0) log.error({ rows: held.length }, 'stopping with conversation rows not logged');
    },
  };
}
