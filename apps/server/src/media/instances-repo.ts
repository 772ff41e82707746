import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mediaInstances } from '../db/schema.js';

/** The SQL of media/disk-lease.ts: each instance's row and its heartbeat, on the database's clock. */
export function createInstancesRepo(db: Db) {
  const expiry = (leaseMs: number) => sql`now() - make_interval(secs => ${leaseMs / 1000})`;
  return {
    async add(row: { id: string; host: string; pid: number; mediaDir: string }) {
      await db.insert(mediaInstances).values(row);
    },
    /** The other instances whose heartbeat is younger than the lease. */
    async othersAlive(id: string, leaseMs: number) {
      return db
        .select({
          id: mediaInstances.id,
          host: mediaInstances.host,
          pid: mediaInstances.pid,
          mediaDir: mediaInstances.mediaDir,
        })
        .from(mediaInstances)
        .where(and(ne(mediaInstances.id, id), gt(mediaInstances.heartbeatAt, expiry(leaseMs))));
    },
    /** Renews this instance's row; false when it was deleted meanwhile (expired by another). */
    async beat(id: string) {
      const rows = await db
        .update(mediaInstances)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(mediaInstances.id, id))
        .returning({ id: mediaInstances.id });
      return rows.length > 0;
    },
    async remove(id: string) {
      await db.delete(mediaInstances).where(eq(mediaInstances.id, id));
    },
    /** Rows of instances that stopped beating (killed): they no longer count, nor are kept. */
    async removeExpired(leaseMs: number) {
      await db.delete(mediaInstances).where(lte(mediaInstances.heartbeatAt, expiry(leaseMs)));
    },
  };
}
