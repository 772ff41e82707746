import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../lib/db-errors.js';
import { usernameKey } from '../lib/usernames.js';
import type { Db } from './client.js';
import { users } from './schema.js';

/**
 * Start-up: every user's key in the exact fold. The migration that added keys could only
 * approximate it in SQL; a name whose exact key another user already holds keeps its old key
 * (and is reported), since two accounts must never share one.
 */
export async function syncUsernameKeys(db: Db, warn: (obj: object, msg: string) => void) {
  const rows = await db
    .select({ id: users.id, username: users.username, key: users.usernameKey })
    .from(users);
  for (const row of rows) {
    const key = usernameKey(row.username);
    if (key === row.key) continue;
    try {
      await db.update(users).set({ usernameKey: key }).where(eq(users.id, row.id));
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      warn({ userId: row.id, username: row.username }, 'two users share a username once folded; rename one');
    }
  }
}
