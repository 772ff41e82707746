import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatCannedReplies as r } from '../../db/schema.js';

export type CannedReplyRow = typeof r.$inferSelect;

/** SQL of a project's saved replies. A code is unique per project, whatever its case. */
export function createCannedRepo(db: Db) {
  const mine = (projectId: number, id: number) => and(eq(r.projectId, projectId), eq(r.id, id));
  return {
    list: (projectId: number) =>
      db
        .select()
        .from(r)
        .where(eq(r.projectId, projectId))
        .orderBy(asc(sql`lower(${r.code})`)),
    async insert(projectId: number, code: string, texts: Record<string, string>) {
      const [row] = await db.insert(r).values({ projectId, code, texts }).returning();
      return row!;
    },
    async update(projectId: number, id: number, code: string, texts: Record<string, string>) {
      const [row] = await db
        .update(r)
        .set({ code, texts, updatedAt: new Date() })
        .where(mine(projectId, id))
        .returning();
      return row ?? null;
    },
    async remove(projectId: number, id: number) {
      const rows = await db.delete(r).where(mine(projectId, id)).returning({ id: r.id });
      return rows.length > 0;
    },
  };
}

export type CannedRepo = ReturnType<typeof createCannedRepo>;
