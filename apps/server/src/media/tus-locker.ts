import pg from 'pg';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';

/** The first key of the advisory locks uploads take (the second is a hash of the upload id). */
const UPLOAD_LOCK = 7_341_010;
const RETRY_MS = 100;
const ACQUIRE_TIMEOUT_MS = 30_000;

/**
 * One request at a time per upload across instances: a PostgreSQL advisory lock, held on a
 * connection of its own for as long as the request writes (a crashed instance's connection closes,
 * and its locks with it). Inside one instance the memory locker comes first, so a newer request
 * for the same upload asks the older one to stop (tus's "request release"), as before; a request
 * on another instance waits until the lock is free, at most 30 s.
 */
export function createPostgresLocker(databaseUrl: string, { maxHeld = 20 } = {}) {
  // Its own pool: a held lock keeps its connection for a whole chunk, which the app's pool needs.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxHeld, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => undefined);
  const local = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS });

  const locker: Locker & { close(): Promise<void> } = {
    newLock(id: string): Lock {
      const inProcess = local.newLock(id);
      let client: pg.PoolClient | undefined;
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          await inProcess.lock(signal, requestRelease);
          try {
            client = await pool.connect();
            const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
            for (;;) {
              const { rows } = await client.query<{ ok: boolean }>(
                'select pg_try_advisory_lock($1, hashtext($2)) as ok',
                [UPLOAD_LOCK, id],
              );
              if (rows[0]?.ok) return;
              if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
              await new Promise((r) => setTimeout(r, RETRY_MS));
            }
          } catch (e) {
            client?.release();
            client = undefined;
            await inProcess.unlock();
            throw e;
          }
        },
        async unlock() {
          const held = client;
          client = undefined;
          if (held) {
            await held
              .query('select pg_advisory_unlock($1, hashtext($2))', [UPLOAD_LOCK, id])
              .catch(() => undefined);
            held.release();
          }
          await inProcess.unlock();
        },
      };
    },
    close: () => pool.end(),
  };
  return locker;
}
