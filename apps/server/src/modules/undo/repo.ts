import { and, eq, lt, sql } from 'drizzle-orm';
import type { MediaReferenceSource } from '../../media/repo.js';
import type { Db } from '../../db/client.js';
import { undoEntries } from '../../db/schema.js';

export type UndoRow = typeof undoEntries.$inferSelect;

/** SQL of the undo entries, always scoped by project. */
export function createUndoRepo(db: Db) {
  return {
    async insert(tx: Db, values: typeof undoEntries.$inferInsert) {
      const [row] = await tx.insert(undoEntries).values(values).returning();
      return row!;
    },

    /** The entry, locked until the transaction ends: two undos of one change run one after the other. */
    async lock(tx: Db, projectId: number, id: number): Promise<UndoRow | undefined> {
      const [row] = await tx
        .select()
        .from(undoEntries)
        .where(and(eq(undoEntries.projectId, projectId), eq(undoEntries.id, id)))
        .for('update');
      return row;
    },

    async markUndone(tx: Db, id: number, at: Date, by: string) {
      await tx.update(undoEntries).set({ undoneAt: at, undoneBy: by }).where(eq(undoEntries.id, id));
    },

    /** Drops entries past their time; their before-images go with them. */
    async prune(now: Date) {
      const removed = await db
        .delete(undoEntries)
        .where(lt(undoEntries.expiresAt, now))
        .returning({ id: undoEntries.id });
      return removed.length;
    },
  };
}
export type UndoRepo = ReturnType<typeof createUndoRepo>;

/**
 * What a before-image still names stays in the media store while the change can be undone: its
 * `*media_id` columns and any `/media/…` address in it (a response's contents).
 */
export const undoMediaReferences: MediaReferenceSource[] = [
  {
    name: 'undo before-images (ids)',
    ids: sql`select distinct (m[1])::int from undo_entries,
               regexp_matches(before::text, '"[a-z_]*media_id": ?([0-9]+)', 'g') as m`,
  },
  {
    name: 'undo before-images (addresses)',
    texts: sql`select before::text from undo_entries where before::text like '%/media/%'`,
  },
];
