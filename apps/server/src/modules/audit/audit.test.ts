import type { AuditEvent } from '@ambassador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema.js';
import { aiCalls } from '../../test/ai.js';
import { backends, createUser, login, type Session } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { actionOf, describeRequest } from './actions.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;
const NORTH = 2;

describe('the action of a route', () => {
  it('is a listed code, one made of its address, or none for what changes nothing', () => {
    expect(actionOf('PUT', '/admin_panel/ai_config/intents/intent')).toBe('topic.update');
    expect(actionOf('DELETE', '/admin_panel/location_map/locations/:location_id')).toBe('location.delete');
    expect(actionOf('POST', '/admin_panel/undo_entries/:id/apply')).toBe('undo_entries.apply.create');
    expect(actionOf('POST', '/admin_panel/ai_config/test_console')).toBeNull();
    expect(actionOf('POST', '/admin_panel/login')).toBeNull();
    expect(actionOf('PATCH', '/admin_panel/media/uploads/:upload_id')).toBeNull();
    expect(actionOf('GET', '/admin_panel/ai_config/intents/intent')).toBeNull();
    expect(actionOf('POST', '/device_api/v1/ask')).toBeNull();
  });

  it('names the target and what was set, never a secret’s value', () => {
    const { target, detail } = describeRequest('user.update', {
      method: 'PUT',
      params: {},
      query: {},
      body: {
        device_id: 1,
        user_id: 7,
        username: 'mary',
        password: 'S3cret!x',
        old_password: 'Old-1!',
        pin: '1234',
      },
    });
    expect(target).toEqual({ type: 'user', id: '7', name: 'mary' });
    expect(detail).toEqual({
      fields: ['username', 'password', 'old_password', 'pin'],
      values: { username: 'mary' },
    });
  });
});

describe.each(backends)('the audit trail on %s', (kind) => {
  const t = projectFixture(kind, { other: { theirs: 'Their Kiosk' } });
  const { admin, otherAdmin } = t;
  const { data, category, topic } = aiCalls(t, () => admin);

  const trail = async (query: Record<string, string | number> = {}, s: Session = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/audit?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: s.headers,
    });
    if (res.statusCode !== 200) throw new Error(`audit: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return { events: body.data as AuditEvent[], total: body.total as number };
  };
  const rawRows = async () => JSON.stringify(await t.database.db.select().from(auditEvents));

  let topicId: number;
  beforeAll(async () => {
    const cat = await category('Services');
    const made = await topic('Opening hours', { category_id: cat.category_id });
    topicId = made.id;
    await data('PUT', '/ai_config/intents/intent', { device_id: LOBBY, id: topicId, is_activated: false });
    await data('PUT', '/ai_config/intents/intent_title', { device_id: LOBBY, id: topicId, name: '開放時間' });
  });

  it('records a create, an update and a delete with who, the device, the target and what changed', async () => {
    const gone = await topic('Lost and found', { category_id: (await category('Desk')).category_id });
    await data('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: gone.id });
    const { events } = await trail({ action: 'topic', device_id: LOBBY });
    const codes = events.map((e) => `${e.action} ${e.target_id}`);
    // Newest first.
    expect(codes.slice(0, 2)).toEqual([`topic.delete ${gone.id}`, `topic.create ${gone.id}`]);
    const update = events.find((e) => e.action === 'topic.update')!;
    expect(update).toMatchObject({
      actor: 'admin',
      actor_role: 3,
      device_id: LOBBY,
      device_name: 'Main Lobby Ambassador',
      target_type: 'topic',
      target_id: String(topicId),
      target_name: 'Opening hours',
      detail: { fields: ['is_activated'], values: { is_activated: false } },
    });
    expect(events.find((e) => e.action === 'topic.rename')).toMatchObject({ target_name: '開放時間' });
    expect(
      events.find((e) => e.action === 'topic.create' && e.target_name === 'Opening hours'),
    ).toBeDefined();
  });

  it('does not record reads, questions to the test console, or refused changes', async () => {
    const before = (await trail()).total;
    await t.app.inject({
      method: 'POST',
      url: '/admin_panel/ai_config/test_console',
      headers: admin.headers,
      payload: { device_id: LOBBY, question: 'When do you open?', language: 'english' },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/ai_config/intents/intent',
      headers: admin.headers,
      payload: { device_id: LOBBY, name: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await trail()).total).toBe(before);
  });

  it('records a failed sign-in with the name tried, and a sign-in and sign-out', async () => {
    const { session, password } = await createUser(t.app, admin, { username: 'mary', role_id: 1 });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'MARY', password: 'Wrong-Passw0rd!' },
      headers: { 'user-agent': 'audit-test' },
    });
    expect(wrong.statusCode).toBe(401);
    await t.app.inject({
      method: 'POST',
      url: '/admin_panel/login',
      payload: { username: 'nobody-at-all', password: 'Wrong-Passw0rd!' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/admin_panel/logout',
      payload: { access_token: session.token },
    });
    const { events } = await trail({ action: 'auth' });
    expect(events[0]).toMatchObject({ action: 'auth.sign_out', actor: 'mary' });
    expect(events[1]).toMatchObject({
      action: 'auth.sign_in_failed',
      actor: 'mary',
      detail: { username_tried: 'MARY' },
      user_agent: 'audit-test',
    });
    expect(events[2]).toMatchObject({ action: 'auth.sign_in', actor: 'mary', actor_role: 1 });
    // A name nobody has belongs to no project: no project's trail shows it.
    expect(JSON.stringify(events)).not.toContain('nobody-at-all');
    expect(await rawRows()).not.toContain('Wrong-Passw0rd!');
    await login(t.app, 'mary', password);
  });

  it('records a role change old → new and a password change, never the password', async () => {
    const { user } = await createUser(t.app, admin, { username: 'wong', role_id: 1 });
    await data('PUT', '/admin_settings/users', { device_id: LOBBY, user_id: user.user_id, role_id: 3 });
    await data('PUT', '/admin_settings/users', {
      device_id: LOBBY,
      user_id: user.user_id,
      password: 'N3w-Passw0rd!!',
      is_password_expired: false,
    });
    const { events } = await trail({ action: 'user' });
    expect(events[0]).toMatchObject({
      action: 'user.password_change',
      target_type: 'user',
      target_id: String(user.user_id),
      target_name: 'wong',
    });
    expect(events[1]).toMatchObject({
      action: 'user.role_change',
      target_name: 'wong',
      device_id: null,
      detail: { role: { from: 'user', to: 'admin' } },
    });
    expect(events[2]).toMatchObject({ action: 'user.create', target_name: 'wong', detail: { role: 'user' } });
    const raw = await rawRows();
    expect(raw).not.toContain('N3w-Passw0rd!!');
    expect(raw).not.toContain('Us3r-Passw0rd!');
    expect(raw).not.toContain('$argon2');
  });

  it('records a device key rotation on that device, without the key', async () => {
    const made = await data('POST', '/admin_settings/devices/key', { id: NORTH });
    const { events } = await trail({ action: 'device.key_rotate' });
    expect(events[0]).toMatchObject({
      device_id: NORTH,
      target_type: 'device',
      target_id: String(NORTH),
      target_name: 'North Wing Ambassador',
      detail: { key_prefix: made.device.key_prefix },
    });
    expect(await rawRows()).not.toContain(made.device_key);
  });

  it('filters by device, user, action, dates and words, pages with a total', async () => {
    const all = await trail({ limit: 100 });
    expect(all.events.length).toBe(all.total);
    const north = await trail({ device_id: NORTH });
    expect(north.total).toBeGreaterThan(0);
    expect(north.events.every((e) => e.device_id === NORTH)).toBe(true);
    const mary = await trail({ actor: 'mary' });
    expect(mary.events.map((e) => e.action)).toEqual([
      'auth.sign_in',
      'auth.sign_out',
      'auth.sign_in_failed',
      'auth.sign_in',
    ]);
    const chinese = await trail({ q: '開放' });
    expect(chinese.events.map((e) => e.action)).toEqual(['topic.rename']);
    const page2 = await trail({ limit: 2, offset: 2 });
    expect(page2.events.map((e) => e.id)).toEqual(all.events.slice(2, 4).map((e) => e.id));
    expect(page2.total).toBe(all.total);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await trail({ from: future })).total).toBe(0);
    expect((await trail({ to: future })).total).toBe(all.total);
    // A blank device filter means every device (the console sends it for "all devices").
    expect((await trail({ device_id: '' })).total).toBe(all.total);
  });

  it('exports the filtered trail as CSV with a BOM, Chinese intact', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/audit/export?action=topic&device_id=1',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-trail-/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFtime_utc,user,role,action,')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    const { total } = await trail({ action: 'topic', device_id: 1 });
    expect(lines).toHaveLength(total + 1);
    expect(lines.find((l) => l.includes('topic.rename'))).toContain('開放時間');
    expect(lines.slice(1).every((l) => l.includes(',topic'))).toBe(true);
  });

  it('never shows a project another project’s events', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/admin_panel/admin_settings/devices',
      headers: otherAdmin.headers,
      payload: { id: t.devices.theirs.id, description: 'Their Kiosk 2' },
    });
    const theirs = await trail({}, otherAdmin);
    expect(theirs.total).toBeGreaterThan(0);
    expect(JSON.stringify(theirs.events)).not.toMatch(/Opening hours|開放時間|mary|wong/);
    const ours = await trail({ limit: 100 });
    expect(JSON.stringify(ours.events)).not.toContain('Their Kiosk');
    // Naming our device is refused outright.
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/audit?device_id=${LOBBY}`,
      headers: otherAdmin.headers,
    });
    expect(res.statusCode).toBe(403);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/audit/export',
      headers: otherAdmin.headers,
    });
    expect(csv.rawPayload.toString('utf8')).not.toContain('開放時間');
  });

  it('is for admins only', async () => {
    const { session } = await createUser(t.app, admin, { username: 'desk', role_id: 1 });
    for (const url of ['/admin_panel/audit', '/admin_panel/audit/export', '/admin_panel/audit/actors']) {
      const res = await t.app.inject({ method: 'GET', url, headers: session.headers });
      expect(res.statusCode, url).toBe(403);
    }
    const actors = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/audit/actors',
      headers: admin.headers,
    });
    expect(actors.json().data).toEqual(expect.arrayContaining(['admin', 'mary', 'wong']));
  });

  it('forgets events older than the retention period', async () => {
    const before = (await trail()).total;
    t.clock.advance(366 * 86_400_000);
    await t.app.housekeepingTasks.find((task) => task.name.startsWith('delete audit events'))!.run();
    await t.signInAgain();
    // Only the new sign-in (made after the clock moved) is left.
    const after = await trail();
    expect(before).toBeGreaterThan(1);
    expect(after.events.map((e) => e.action)).toEqual(['auth.sign_in']);
  });
});
