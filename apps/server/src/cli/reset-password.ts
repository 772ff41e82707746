import { createAuthRepo } from '../modules/auth/index.js';
import { createUsersRepo } from '../modules/users/index.js';
import type { Db } from '../db/client.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
import { usernameKey } from '../lib/usernames.js';

/**
 * The way back in when an admin password is lost: a generated temporary password that must be
 * changed at the next sign-in; the user's sessions end and any lockout is lifted.
 */
export async function resetPasswordOffline(db: Db, username: string, now = new Date()) {
  const auth = createAuthRepo(db);
  const user = await auth.findUserByKey(usernameKey(username));
  if (!user) return undefined;
  const password = generatePassword();
  await createUsersRepo(db).update(user.projectId, user.id, {
    passwordHash: await hashPassword(password),
    mustResetPassword: true,
    passwordChangedAt: now,
    updatedAt: now,
  });
  await auth.revokeUserSessions(user.id, now);
  await auth.clearAttempts(user.usernameKey);
  return { username: user.username, password };
}
