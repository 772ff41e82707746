import { and, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginAttempts, sessions, users } from '../../db/schema.js';

export function createAuthRepo(db: Db) {
  return {
    /** The user whose folded username is `key` (`usernameKey`). */
    async findUserByKey(key: string) {
      const [row] = await db.select().from(users).where(eq(users.usernameKey, key)).limit(1);
      return row;
    },

    async insertSession(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!.id;
    },

    /** The session behind a token hash, with what authorisation needs from its user. */
    async findSession(tokenHash: string) {
      const [row] = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          projectId: sessions.projectId,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          username: users.username,
          roleId: users.roleId,
          pageAccess: users.pageAccess,
          mustResetPassword: users.mustResetPassword,
          languages: users.languages,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async touchSession(id: number, at: Date) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    /** Returns the ids it revoked (their live sockets are then closed). */
    async revokeSession(tokenHash: string, at: Date) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    /** Revokes every live session of a user, or all but one. */
    async revokeUserSessions(userId: number, at: Date, exceptSessionId?: number) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(...conditions))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    /** Removes sessions that ended before `sessionsBefore` and attempts older than `attemptsBefore`. */
    async prune(sessionsBefore: Date, attemptsBefore: Date) {
      const gone = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sessionsBefore), lt(sessions.revokedAt, sessionsBefore)))
        .returning({ id: sessions.id });
      const old = await db
        .delete(loginAttempts)
        .where(lt(loginAttempts.at, attemptsBefore))
        .returning({ id: loginAttempts.id });
      return { sessions: gone.length, loginAttempts: old.length };
    },

    /** Forgets the failed tries of a username (by its key), lifting a lockout. */
    async clearAttempts(key: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.username, key));
    },

    async recordAttempt(values: typeof loginAttempts.$inferInsert) {
      await db.insert(loginAttempts).values(values);
    },

    /** Failed tries for a username key since `since`, counting only those after its last success. */
    async recentFailures(name: string, since: Date) {
      const lastSuccess = db
        .select({ at: sql`max(${loginAttempts.at})` })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.username, name), eq(loginAttempts.succeeded, true)));
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.username, name),
            eq(loginAttempts.succeeded, false),
            eq(loginAttempts.throttled, false),
            gt(loginAttempts.at, since),
            sql`${loginAttempts.at} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
