import type { ConversationLog } from './repo.js';

interface Waiting {
  row: ConversationLog;
  resolve(id: number): void;
  reject(err: unknown): void;
}

/** Rows per INSERT at most. */
const MAX_BATCH = 200;

/**
 * Group commit for the conversation log: the rows asked for while a write is under way go
 * together in the next INSERT (one statement, many rows), and each caller gets its own row's id.
 * A lone question is written at once (next turn of the event loop), so batching adds no wait when
 * the server is quiet; under load a batch waits at most one write. One write at a time: the
 * batches also bump their sessions' counts, and two concurrent batches locking the same sessions
 * in different orders could deadlock.
 */
export function createConversationWriter(write: (rows: ConversationLog[]) => Promise<number[]>) {
  let queue: Waiting[] = [];
  let writing = false;
  let scheduled = false;

  function schedule() {
    if (writing || scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  }

  async function flush() {
    if (writing || queue.length === 0) return;
    writing = true;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    try {
      const ids = await write(batch.map((w) => w.row));
      batch.forEach((w, i) => w.resolve(ids[i]!));
    } catch (err) {
      // Each caller decides (the service answers anyway and retries the row on its own).
      for (const w of batch) w.reject(err);
    } finally {
      writing = false;
      schedule();
    }
  }

  return {
    /** Logs the row with others that arrive meanwhile; resolves to its conversation id. */
    write(row: ConversationLog): Promise<number> {
      return new Promise<number>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        schedule();
      });
    },
  };
}

export type ConversationWriter = ReturnType<typeof createConversationWriter>;
