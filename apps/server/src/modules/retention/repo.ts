import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, devices, projects, textVectors, visitorSessions } from '../../db/schema.js';

/** Rows deleted per statement: short transactions, so review and kiosks never wait long on a purge. */
const BATCH = 5000;

export function createRetentionRepo(db: Db) {
  /** Deletes rows of `table` older than `before` on the project's devices, a batch at a time. */
  async function purge(
    table: typeof conversations | typeof visitorSessions,
    at: typeof conversations.at | typeof visitorSessions.lastActivityAt,
    projectId: number,
    before: Date,
  ) {
    const projectDevices = db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.projectId, projectId));
    let total = 0;
    for (;;) {
      const batch = db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.deviceId, projectDevices), lt(at, before)))
        .limit(BATCH);
      const gone = await db.delete(table).where(inArray(table.id, batch)).returning({ id: table.id });
      total += gone.length;
      if (gone.length < BATCH) return total;
    }
  }

  return {
    async days(projectId: number) {
      const [row] = await db
        .select({ days: projects.conversationRetentionDays })
        .from(projects)
        .where(eq(projects.id, projectId));
      return row?.days ?? null;
    },

    async setDays(projectId: number, days: number | null) {
      await db.update(projects).set({ conversationRetentionDays: days }).where(eq(projects.id, projectId));
    },

    /** Projects that keep conversations for a limited time. */
    withRetention: () =>
      db
        .select({ id: projects.id, days: projects.conversationRetentionDays })
        .from(projects)
        .where(isNotNull(projects.conversationRetentionDays)),

    purgeConversations: (projectId: number, before: Date) =>
      purge(conversations, conversations.at, projectId, before),
    purgeSessions: (projectId: number, before: Date) =>
      purge(visitorSessions, visitorSessions.lastActivityAt, projectId, before),

    /**
     * The question vectors Conversation Review's groups stored (source `conversations`, keyed by the
     * trimmed question's SHA-256) of questions no longer in the log: the purge took their rows.
     */
    async pruneQuestionVectors(projectId: number) {
      const gone = await db.execute(sql`
        with kept as (
          select distinct c.device_id, encode(sha256(convert_to(btrim(c.acquire), 'UTF8')), 'hex') as h
            from ${conversations} c join ${devices} d on d.id = c.device_id
           where d.project_id = ${projectId})
        delete from ${textVectors} v
         using ${devices} d
         where d.id = v.device_id and d.project_id = ${projectId} and v.source = 'conversations'
           and not exists (select 1 from kept where kept.device_id = v.device_id and kept.h = v.text_hash)
        returning v.text_hash`);
      return (gone as unknown as { rows: unknown[] }).rows.length;
    },

    /** For tests and the note: conversations of the project, all time. */
    async countConversations(projectId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversations)
        .innerJoin(devices, eq(devices.id, conversations.deviceId))
        .where(eq(devices.projectId, projectId));
      return row?.n ?? 0;
    },
  };
}

export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
