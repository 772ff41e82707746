import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepo(db: Db) {
  const inProject = (projectId: number, userId: number) =>
    and(eq(users.projectId, projectId), eq(users.id, userId));

  return {
    async page(projectId: number, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(eq(users.projectId, projectId))
          .orderBy(asc(users.username), asc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(users).where(eq(users.projectId, projectId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(projectId: number, userId: number) {
      const [row] = await db.select().from(users).where(inProject(projectId, userId)).limit(1);
      return row;
    },

    async insert(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(projectId: number, userId: number, values: Partial<typeof users.$inferInsert>) {
      const [row] = await db.update(users).set(values).where(inProject(projectId, userId)).returning();
      return row;
    },

    async remove(projectId: number, userId: number) {
      const rows = await db.delete(users).where(inProject(projectId, userId)).returning({ id: users.id });
      return rows.length > 0;
    },

    /** Admins of the project other than this user. */
    async otherAdmins(projectId: number, userId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.projectId, projectId), eq(users.roleId, 3), ne(users.id, userId)));
      return row?.n ?? 0;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
