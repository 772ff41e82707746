import { beforeAll, describe, expect, it } from 'vitest';
import { backends, createUser } from '../test/harness.js';
import { projectFixture } from '../test/project.js';

/** Sign-in and its lockout compare usernames in one folded form: no spelling escapes the lockout. */
describe.each(backends)('usernames fold one way for sign-in, lockout and uniqueness, on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const password = 'Kim-Passw0rd!';

  beforeAll(async () => {
    await createUser(t.app, admin, { username: 'kim24491', role_id: 1, password });
    await createUser(t.app, admin, { username: 'Straße', role_id: 1, password });
  });
  const signIn = (username: string, pw = password) =>
    t.app.inject({ method: 'POST', url: '/admin_panel/login', payload: { username, password: pw } });

  it('signs in whatever the case or width of the name', async () => {
    for (const name of ['KIM24491', 'Kim24491', 'ｋｉｍ２４４９１', 'STRASSE', 'strasse', 'STRAẞE']) {
      expect((await signIn(name)).statusCode, name).toBe(200);
    }
  });

  it('refuses a new user whose name folds onto an existing one', async () => {
    for (const username of ['KIM24491', 'ｋｉｍ24491', 'strasse']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin_panel/admin_settings/users',
        headers: admin.headers,
        payload: { username, password, role_id: 1 },
      });
      expect(res.statusCode, username).toBe(409);
      expect(res.json().error).toBe('username_taken');
    }
  });

  it('keeps a locked name locked under every spelling (kİm24491 included)', async () => {
    t.clock.advance(1000); // after the sign-ins above: the lockout counts failures since the last success
    for (let i = 0; i < 5; i++) expect((await signIn('kim24491', 'wrong')).statusCode).toBe(401);
    for (const name of ['kim24491', 'KIM24491', 'ｋｉｍ24491']) {
      const res = await signIn(name);
      expect(res.statusCode, name).toBe(429);
      expect(res.json().error).toBe('locked_out');
    }
    // The dotted capital I folds to "i" + U+0307: another name, and no way in with this password.
    const dotted = await signIn('kİm24491');
    expect(dotted.statusCode).not.toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await signIn('Kim24491')).statusCode).toBe(200);
  });

  it('sets right, at start-up, a key the migration could only approximate in SQL', async () => {
    const { users } = await import('../db/schema.js');
    const { eq } = await import('drizzle-orm');
    const { syncUsernameKeys } = await import('../db/username-keys.js');
    // What the migration's lower(normalize(...)) gives for "Straße": not the exact fold.
    await t.database.db.update(users).set({ usernameKey: 'straße' }).where(eq(users.username, 'Straße'));
    expect((await signIn('STRASSE')).statusCode).toBe(401);
    await syncUsernameKeys(t.database.db, () => undefined);
    expect((await signIn('STRASSE')).statusCode).toBe(200);
  });
});
