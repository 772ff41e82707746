import { describe, expect, it } from 'vitest';
import { createUser, login, type Session } from '../../test/harness.js';
import { backends } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';

describe.each(backends)('deleting many users, and undo, on %s', (kind) => {
  const t = projectFixture(kind, { other: {} });
  const { admin } = t;
  const bulk = (selection: object, as: Session = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/admin_panel/admin_settings/users/bulk',
      headers: as.headers,
      payload: { action: 'delete', selection },
    });
  const undo = (id: number, as: Session = admin) =>
    t.app.inject({ method: 'POST', url: '/admin_panel/undo', headers: as.headers, payload: { id } });
  const list = async (as: Session = admin) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/admin_panel/admin_settings/users?limit=100&offset=0',
        headers: as.headers,
      })
    ).json().data as { username: string; user_id: number }[];
  const names = async (as: Session = admin) => (await list(as)).map((u) => u.username).sort();
  const idOf = async (username: string) => (await list()).find((u) => u.username === username)!.user_id;
  /** Whether the session still works (a user without Admin Settings is refused, not signed out). */
  const signedIn = async (s: Session) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/admin_panel/admin_settings/users?limit=1&offset=0',
        headers: s.headers,
      })
    ).statusCode !== 401;

  it('deletes picked users and ends their sessions; never the caller; undo brings them back to sign in again', async () => {
    const amy = await createUser(t.app, admin, { username: 'bulk-amy', role_id: 1 });
    const ben = await createUser(t.app, admin, { username: 'bulk-ben', role_id: 2 });
    // Amy is Away on Live Chat: she comes back Away.
    const away = await t.app.inject({
      method: 'PUT',
      url: '/admin_panel/chat/availability',
      headers: amy.session.headers,
      payload: { available: false },
    });
    expect(away.statusCode, away.body).toBe(200);
    const adminId = await idOf('admin');
    const res = await bulk({ ids: [amy.user.user_id, ben.user.user_id, adminId] });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ count: 2, skipped: 1, undo: { count: 2 } });
    expect(await names()).not.toContain('bulk-amy');
    expect(await signedIn(amy.session)).toBe(false);

    expect((await undo(result.undo.id)).statusCode).toBe(200);
    expect(await names()).toEqual(expect.arrayContaining(['bulk-amy', 'bulk-ben']));
    // Their sessions are not put back; their password is.
    expect(await signedIn(amy.session)).toBe(false);
    const again = await login(t.app, 'bulk-amy', amy.password);
    expect(await signedIn(again)).toBe(true);
    const availability = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/chat/availability',
      headers: again.headers,
    });
    expect(availability.json().data).toEqual({ available: false });
  });

  it('leaves the caller, so never the last admin (only admins open Admin Settings): nothing to undo', async () => {
    const adminId = await idOf('admin');
    expect((await bulk({ ids: [adminId] })).json().data).toEqual({ count: 0, skipped: 1, undo: null });
    const second = await createUser(t.app, admin, { username: 'bulk-second-admin', role_id: 3 });
    // Another admin picks both admins: the caller stays, the first goes; one undo brings it back.
    const res = (await bulk({ ids: [adminId, second.user.user_id] }, second.session)).json().data;
    expect(res).toMatchObject({ count: 1, skipped: 1 });
    expect(await names(second.session)).not.toContain('admin');
    expect((await undo(res.undo.id, second.session)).statusCode).toBe(200);
    expect(await names(second.session)).toContain('admin');
    await t.signInAgain();
  });

  it('ignores ids of another project, refuses ids of nothing and an empty pick', async () => {
    const mine = await createUser(t.app, admin, { username: 'bulk-tenant', role_id: 1 });
    const theirs = await createUser(t.app, t.otherAdmin, { username: 'bulk-foreign', role_id: 1 });
    const res = await bulk({ ids: [mine.user.user_id, theirs.user.user_id] });
    expect(res.json().data).toMatchObject({ count: 1, skipped: 0 });
    expect(await signedIn(theirs.session)).toBe(true);
    expect((await undo(res.json().data.undo.id, t.otherAdmin)).statusCode).toBe(404);
    expect((await bulk({ ids: [theirs.user.user_id] })).statusCode).toBe(404);
    expect((await bulk({ ids: [] })).json().error).toBe('validation_error');
  });
});
