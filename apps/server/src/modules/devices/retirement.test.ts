import { createVectorsRepo } from '../../nlu/vectors-repo.js';
import { textHash } from '../../nlu/vectors.js';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiTopics, calls, chatSessions, conversations, pushDeliveries, pushes } from '../../db/schema.js';
import { insertConversations, insertSession } from '../../test/conversation-fixtures.js';
import { backends, login, otherProject } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { adminCall, seedContent } from '../../test/tenant.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(backends)('retiring devices and keeping conversations for a while, on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const call = (method: Method, url: string, payload?: object, session = admin) =>
    t.app.inject({ method, url: `/admin_panel${url}`, headers: session.headers, payload });
  const rows = async (
    table: typeof aiTopics | typeof conversations | typeof chatSessions | typeof calls,
    device: number,
  ) => {
    const [row] = await t.database.db.select({ n: count() }).from(table).where(eq(table.deviceId, device));
    return row!.n;
  };
  let kioskId: number;
  let seed: Awaited<ReturnType<typeof seedContent>>;

  beforeAll(async () => {
    const created = await adminCall(t.app, admin, 'POST', '/admin_settings/devices', {
      description: 'Test Kiosk (temporary)',
      kind: 'ambassador',
    });
    kioskId = created.device.id;
    seed = await seedContent(t.app, admin, kioskId, 'TEMP');
  });

  it('archives a device: its key stops, it leaves the selector, its data stays and cannot be worked on', async () => {
    const res = await call('POST', '/admin_settings/devices/archive', { id: kioskId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.archived_at).not.toBeNull();
    expect(res.json().data.key_prefix).toBeNull();
    const selector = await adminCall(t.app, admin, 'GET', `/interface/devices?project_id=${admin.projectId}`);
    expect(selector.map((d: { id: number }) => d.id)).not.toContain(kioskId);
    const managed = await adminCall(t.app, admin, 'GET', '/admin_settings/devices');
    expect(managed.find((d: { id: number }) => d.id === kioskId).archived_at).not.toBeNull();
    // Its kiosk is refused; the console may not work on it until it is restored.
    const kiosk = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/config',
      headers: { authorization: `Bearer ${seed.key}` },
    });
    expect(kiosk.statusCode).toBe(401);
    const topics = await call('GET', `/ai_config/intents/intent?device_id=${kioskId}`);
    expect(topics.statusCode).toBe(409);
    expect(topics.json().error).toBe('device_archived');
    expect((await call('POST', '/admin_settings/devices/key', { id: kioskId })).statusCode).toBe(409);
    expect(
      (await call('POST', '/video_call/push', { device_ids: [kioskId], texts: { english: 'hi' } }))
        .statusCode,
    ).toBe(409);
    expect(await rows(aiTopics, kioskId)).toBe(1);
    expect(await rows(conversations, kioskId)).toBe(1);
  });

  it('restores it with its data, without a key until one is made', async () => {
    const res = await call('POST', '/admin_settings/devices/restore', { id: kioskId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ archived_at: null, key_prefix: null });
    const selector = await adminCall(t.app, admin, 'GET', `/interface/devices?project_id=${admin.projectId}`);
    expect(selector.map((d: { id: number }) => d.id)).toContain(kioskId);
    const topics = await adminCall(t.app, admin, 'GET', `/ai_config/intents/intent?device_id=${kioskId}`);
    expect(topics.map((x: { intent_name: string }) => x.intent_name)).toEqual(['TEMP topic']);
  });

  it('deletes only an archived device, only when its name is typed, with everything that is only its own', async () => {
    const other = 1;
    // A push to it alone, and one to it and another device.
    const alone = await adminCall(t.app, admin, 'POST', '/video_call/push', {
      device_ids: [kioskId],
      texts: { english: 'a' },
    });
    const shared = await adminCall(t.app, admin, 'POST', '/video_call/push', {
      device_ids: [kioskId, other],
      texts: { english: 'b' },
    });
    const before = { topics: await rows(aiTopics, other), conversations: await rows(conversations, other) };

    const notArchived = await call('DELETE', '/admin_settings/devices', {
      id: kioskId,
      confirm_name: 'Test Kiosk (temporary)',
    });
    expect(notArchived.statusCode).toBe(409);
    expect(notArchived.json().error).toBe('device_not_archived');
    await call('POST', '/admin_settings/devices/archive', { id: kioskId });
    for (const wrong of ['', 'Test Kiosk', 'test kiosk (temporary)']) {
      const res = await call('DELETE', '/admin_settings/devices', { id: kioskId, confirm_name: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('confirm_mismatch');
    }
    expect(await rows(aiTopics, kioskId)).toBe(1);

    const res = await call('DELETE', '/admin_settings/devices', {
      id: kioskId,
      confirm_name: ' Test Kiosk (temporary) ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: kioskId,
      description: 'Test Kiosk (temporary)',
      removed: { topics: 1, conversations: 1, chats: 1, calls: 1, pushes: 1 },
    });
    for (const table of [aiTopics, conversations, chatSessions, calls])
      expect(await rows(table, kioskId)).toBe(0);
    const { db } = t.database;
    expect(await db.select().from(pushes).where(eq(pushes.id, alone.id))).toEqual([]);
    const kept = await db.select().from(pushDeliveries).where(eq(pushDeliveries.pushId, shared.id));
    expect(kept.map((d) => d.deviceId)).toEqual([other]);
    const managed = await adminCall(t.app, admin, 'GET', '/admin_settings/devices');
    expect(managed.map((d: { id: number }) => d.id)).not.toContain(kioskId);
    // The rest of the project is as it was.
    expect({ topics: await rows(aiTopics, other), conversations: await rows(conversations, other) }).toEqual(
      before,
    );
    expect(
      (await call('DELETE', '/admin_settings/devices', { id: kioskId, confirm_name: 'x' })).statusCode,
    ).toBe(403);
  });

  it("never archives, restores or deletes another project's device", async () => {
    const tenant = await otherProject(t.database);
    for (const [method, path] of [
      ['POST', '/admin_settings/devices/archive'],
      ['POST', '/admin_settings/devices/restore'],
      ['DELETE', '/admin_settings/devices'],
    ] as const) {
      const res = await call(method, path, { id: tenant.deviceId, confirm_name: 'Other Kiosk' });
      expect(res.statusCode).toBe(403);
    }
    const theirs = await login(t.app, tenant.username, tenant.password);
    const list = await adminCall(t.app, theirs, 'GET', '/admin_settings/devices');
    expect(list[0]).toMatchObject({ id: tenant.deviceId, archived_at: null });
  });

  it('keeps conversations for ever by default, and past a set retention deletes only the old ones', async () => {
    expect(await adminCall(t.app, admin, 'GET', '/admin_settings/retention')).toEqual({
      conversation_retention_days: null,
    });
    for (const bad of [0, 3, 5000, 1.5, '30']) {
      expect(
        (await call('PUT', '/admin_settings/retention', { conversation_retention_days: bad })).statusCode,
      ).toBe(400);
    }
    const now = t.clock.now().getTime();
    const daysAgo = (d: number) => new Date(now - d * 86_400_000);
    const device = 2;
    const oldSession = await insertSession(t.database.db, { deviceId: device, startedAt: daysAgo(45) });
    const ids = await insertConversations(t.database.db, [
      { deviceId: device, at: daysAgo(45), acquire: 'old question', sessionId: oldSession },
      { deviceId: device, at: daysAgo(31), acquire: 'a month ago' },
      { deviceId: device, at: daysAgo(29), acquire: 'within the month' },
      { deviceId: device, at: daysAgo(1), acquire: 'yesterday' },
    ]);
    const tenant = await otherProject(t.database);
    await insertConversations(t.database.db, [
      { deviceId: tenant.deviceId, at: daysAgo(400), acquire: 'theirs, old' },
    ]);

    // The question vectors Conversation Review's groups stored (keyed by the trimmed question's hash).
    const vectors = createVectorsRepo(t.database.db);
    const stored = (deviceId: number) => ({
      deviceId,
      source: 'conversations' as const,
      model: 'm',
      kind: 'query' as const,
    });
    const vectorOf = (text: string) => ({ hash: textHash(text), vector: Float32Array.of(1, 0) });
    await vectors.put(stored(device), ['old question', 'a month ago', 'within the month'].map(vectorOf));
    await vectors.put(stored(tenant.deviceId), [vectorOf('theirs, old')]);
    const held = async (deviceId: number, text: string) =>
      (await vectors.get(stored(deviceId), [textHash(text)])).size === 1;

    // Nothing is deleted while the project keeps everything.
    const { createRetentionService } = await import('../retention/service.js');
    const { createRetentionRepo } = await import('../retention/repo.js');
    const job = createRetentionService({ repo: createRetentionRepo(t.database.db), clock: t.clock });
    await job.purge();
    expect(await rows(conversations, device)).toBe(4);

    const saved = await call('PUT', '/admin_settings/retention', { conversation_retention_days: 30 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ conversation_retention_days: 30 });
    const result = await job.purge();
    expect(result).toMatchObject({ conversations: 2, sessions: 1, vectors: 2 });
    // The purged questions' vectors went with them; the others', and another project's, stay.
    expect(await held(device, 'old question')).toBe(false);
    expect(await held(device, 'a month ago')).toBe(false);
    expect(await held(device, 'within the month')).toBe(true);
    expect(await held(tenant.deviceId, 'theirs, old')).toBe(true);
    const left = await t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.deviceId, device));
    expect(left.map((r) => r.id).sort()).toEqual(ids.slice(2).sort());
    expect(await rows(conversations, tenant.deviceId)).toBe(1);
    await call('PUT', '/admin_settings/retention', { conversation_retention_days: null });
  });
});
