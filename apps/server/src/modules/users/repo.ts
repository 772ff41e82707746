import { ROLE, type RoleId } from '@ambassador/contracts';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { SearchSource } from '../../core/module.js';
import { hitOf, holds } from '../../lib/search-text.js';
import type { DeleteSpec } from '../../lib/row-images.js';
import { closestFirst } from '../../lib/sql.js';
import { usernameKey } from '../../lib/usernames.js';

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

    /** The folded key is derived here, from the name, so no caller can store a name without it. */
    async insert(values: Omit<typeof users.$inferInsert, 'usernameKey'>) {
      const [row] = await db
        .insert(users)
        .values({ ...values, usernameKey: usernameKey(values.username) })
        .returning();
      return row!;
    },

    async update(
      projectId: number,
      userId: number,
      values: Partial<Omit<typeof users.$inferInsert, 'usernameKey'>>,
    ) {
      const key = values.username === undefined ? {} : { usernameKey: usernameKey(values.username) };
      const [row] = await db
        .update(users)
        .set({ ...values, ...key })
        .where(inProject(projectId, userId))
        .returning();
      return row;
    },

    async remove(projectId: number, userId: number) {
      const rows = await db.delete(users).where(inProject(projectId, userId)).returning({ id: users.id });
      return rows.length > 0;
    },

    /** The project's users among `ids`, or all of them (at most `max` + 1): what a bulk delete takes. */
    select: (projectId: number, selection: { ids: number[] } | object, max: number) =>
      db
        .select({ id: users.id, name: users.username, roleId: users.roleId })
        .from(users)
        .where(
          and(
            eq(users.projectId, projectId),
            'ids' in selection ? inArray(users.id, selection.ids) : undefined,
          ),
        )
        .orderBy(asc(users.id))
        .limit(max + 1),

    /** The project's admins' ids. */
    async adminIds(projectId: number) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.projectId, projectId), eq(users.roleId, ROLE.admin)));
      return rows.map((r) => r.id);
    },

    /**
     * What a user's delete lets go of, for undo: what they made or answered keeps its row and loses
     * its author. Their sessions go (cascade) and are not put back: an undone user signs in again.
     */
    deleteSpec: {
      table: 'users',
      // Their sessions go for good (they sign in again); their Live Chat availability comes back.
      children: [{ table: 'chat_availability', column: 'user_id' }],
      links: [
        { table: 'calls', column: 'answered_by' },
        { table: 'pushes', column: 'created_by' },
        { table: 'avatars', column: 'created_by' },
        { table: 'mrc_documents', column: 'created_by' },
        { table: 'media', column: 'created_by' },
        { table: 'chat_sessions', column: 'assigned_user_id' },
        { table: 'chat_messages', column: 'user_id' },
      ],
    } satisfies DeleteSpec,

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

const ROLE_NAMES = Object.fromEntries(Object.entries(ROLE).map(([name, id]) => [id, name])) as Record<
  RoleId,
  string
>;

/** What search finds of the users: the project's, by name. */
export function userSearchSources(db: Db): SearchSource[] {
  return [
    {
      kind: 'user',
      page: '/setting',
      async find({ projectId }, text, limit) {
        const rows = await db
          .select({ id: users.id, username: users.username, roleId: users.roleId })
          .from(users)
          .where(and(eq(users.projectId, projectId), holds([users.username], text)))
          .orderBy(...closestFirst(users.username, text), users.id)
          .limit(limit);
        // The role's name (admin, user, service): the console words it.
        return rows.map((r) =>
          hitOf('user', r.id, r.username, { state: ROLE_NAMES[r.roleId as RoleId] ?? null }),
        );
      },
    },
  ];
}
