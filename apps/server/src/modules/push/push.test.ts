import { count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_EVENT, PUSH_EXPIRY_MS, SOCKET, type Push, type PushMessage } from '@ambassador/contracts';
import { pushDeliveries, pushes } from '../../db/schema.js';
import { ADMIN, TINY_PNG, backends, createUser, multipartFile } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import {
  adminSocket,
  closeSockets,
  collect,
  connected,
  createDevice,
  deviceSocket,
  nextMessage,
  caughtUp,
} from '../../test/sockets.js';

type Method = 'GET' | 'POST';
type LiveEvent = { name: string; push_id?: number };
type Ack = { ok: boolean; data?: unknown; error?: string };

describe.each(backends)('push messages on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Push Lobby Kiosk', gate: 'Push Gate Kiosk' },
    other: { foreign: 'Foreign Push Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { lobby, gate, foreign } = t.devices;
  afterEach(() => closeSockets());

  const call = (method: Method, path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const pushTo = async (deviceIds: number[], body: object = {}): Promise<Push> => {
    const res = await call('POST', '/video_call/push', {
      device_ids: deviceIds,
      texts: { english: 'The mall closes at 10 pm tonight.' },
      ...body,
    });
    if (res.statusCode !== 200) throw new Error(`push: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const history = async (query = ''): Promise<{ data: Push[]; total: number }> => {
    const res = await call('GET', `/video_call/push${query}`);
    if (res.statusCode !== 200) throw new Error(`push list: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const listed = async (id: number) => (await history('?limit=100')).data.find((p) => p.id === id);
  const statusOf = (push: Push | undefined, deviceId: number) =>
    push?.deliveries.find((d) => d.device_id === deviceId)?.status;
  const storedPushes = async () => (await t.database.db.select({ n: count() }).from(pushes))[0]!.n;
  const ack = (socket: Socket, payload: unknown) =>
    socket.timeout(3_000).emitWithAck(SOCKET.pushAck, payload) as Promise<Ack>;

  it('pushes to two devices at once; an ack marks only that device delivered', async () => {
    const console1 = await connected(adminSocket(t.url, admin));
    const lobbySocket = await connected(deviceSocket(t.url, lobby.key));
    const gateSocket = await connected(deviceSocket(t.url, gate.key));
    const atLobby = nextMessage<PushMessage>(lobbySocket, SOCKET.push);
    const atGate = nextMessage<PushMessage>(gateSocket, SOCKET.push);

    const push = await pushTo([lobby.id, gate.id, lobby.id], {
      texts: { english: 'Free parking today!', cantonese: '今日免費泊車！', mandarin: '' },
      duration_seconds: 20,
      speak: true,
    });
    expect(push).toMatchObject({
      texts: { english: 'Free parking today!', cantonese: '今日免費泊車！' },
      image_url: null,
      duration_seconds: 20,
      speak: true,
      created_by: ADMIN.username,
    });
    // Only the languages written are kept.
    expect(Object.keys(push.texts).sort()).toEqual(['cantonese', 'english']);
    expect(push.deliveries).toEqual([
      { device_id: lobby.id, device_name: 'Push Lobby Kiosk', status: 'pending', delivered_at: null },
      { device_id: gate.id, device_name: 'Push Gate Kiosk', status: 'pending', delivered_at: null },
    ]);
    const expected: PushMessage = {
      push_id: push.id,
      texts: push.texts,
      image_url: null,
      duration_seconds: 20,
      speak: true,
      created_at: push.created_at,
    };
    expect(await atLobby).toEqual(expected);
    expect(await atGate).toEqual(expected);

    const refreshed = nextMessage<LiveEvent>(
      console1,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.refreshPush,
    );
    expect(await ack(lobbySocket, { push_id: push.id })).toMatchObject({ ok: true });
    expect(await refreshed).toEqual({ name: LIVE_EVENT.refreshPush, push_id: push.id });
    const after = await listed(push.id);
    expect(statusOf(after, lobby.id)).toBe('delivered');
    expect(after?.deliveries.find((d) => d.device_id === lobby.id)?.delivered_at).not.toBeNull();
    expect(statusOf(after, gate.id)).toBe('pending');

    // A second ack changes nothing and refreshes nobody; a malformed one is refused.
    const events = collect<LiveEvent>(console1, SOCKET.event);
    expect(await ack(lobbySocket, { push_id: push.id })).toMatchObject({ ok: true });
    expect(await ack(lobbySocket, { push_id: 'x' })).toMatchObject({ ok: false, error: 'validation_error' });
    await caughtUp(console1);
    expect(events).toEqual([]);
  });

  it("a device cannot ack another device's delivery", async () => {
    const push = await pushTo([gate.id]);
    const lobbySocket = await connected(deviceSocket(t.url, lobby.key));
    const foreignSocket = await connected(deviceSocket(t.url, foreign.key));
    await ack(lobbySocket, { push_id: push.id });
    await ack(foreignSocket, { push_id: push.id });
    const after = await listed(push.id);
    expect(after?.deliveries).toHaveLength(1);
    expect(statusOf(after, gate.id)).toBe('pending');
  });

  it("refuses another project's device and stores nothing", async () => {
    const before = await storedPushes();
    const lobbySocket = await connected(deviceSocket(t.url, lobby.key));
    const foreignSocket = await connected(deviceSocket(t.url, foreign.key));
    const seen = [lobbySocket, foreignSocket].map((s) => collect<PushMessage>(s, SOCKET.push));
    const res = await call('POST', '/video_call/push', {
      device_ids: [lobby.id, foreign.id],
      texts: { english: 'Hello' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: 'This device is not in your project.' });
    const unknown = await call('POST', '/video_call/push', {
      device_ids: [999_999],
      texts: { english: 'Hi' },
    });
    expect(unknown.statusCode).toBe(403);
    await Promise.all([lobbySocket, foreignSocket].map(caughtUp));
    expect(seen.flat()).toEqual([]);
    expect(await storedPushes()).toBe(before);
    // The other project's history does not show ours.
    const theirs = await call('GET', '/video_call/push', undefined, other);
    expect(theirs.json()).toMatchObject({ data: [], total: 0 });
  });

  it('validates the message: some text, a safe image address, a sane duration', async () => {
    const before = await storedPushes();
    const cases: Array<[object, RegExp]> = [
      [{ texts: { english: '   ' } }, /Text cannot be empty/],
      [{ texts: {} }, /Text cannot be empty/],
      [{ device_ids: [] }, /Choose at least one device/],
      [{ duration_seconds: 1 }, /Min\. 3/],
      [{ image_url: 'javascript:alert(1)' }, /image_url/],
      [{ image_url: '/etc/passwd' }, /image_url/],
      [{ image_url: '/media/../secret' }, /image_url/],
      [{ texts: { english: 'x'.repeat(501) } }, /Maximum 500 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/video_call/push', {
        device_ids: [lobby.id],
        texts: { english: 'Hello' },
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await storedPushes()).toBe(before);
    const remote = await pushTo([lobby.id], { image_url: 'https://example.com/sale.png' });
    expect(remote.image_url).toBe('https://example.com/sale.png');
  });

  it('uploads an image for a push and refuses what is not an image', async () => {
    const png = multipartFile({ name: 'sale.png', content: TINY_PNG, type: 'image/png' });
    const res = await call('POST', '/video_call/push/upload', undefined);
    expect(res.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/video_call/push/upload',
      headers: { ...admin.headers, ...png.headers },
      payload: png.payload,
    });
    expect(ok.statusCode).toBe(200);
    const saved = ok.json().data;
    expect(saved).toMatchObject({ mime: 'image/png', size: TINY_PNG.length });
    expect(saved.url).toMatch(/^\/media\/[0-9a-f-]+\.png$/);
    expect((await t.app.inject({ method: 'GET', url: saved.url })).statusCode).toBe(200);
    const withImage = await pushTo([lobby.id], { image_url: saved.url });
    expect(withImage.image_url).toBe(saved.url);

    const text = multipartFile({
      name: 'fake.png',
      content: Buffer.from('not an image at all'),
      type: 'image/png',
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/video_call/push/upload',
      headers: { ...admin.headers, ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ success: false, error: 'unsupported_type' });
  });

  it('an offline device gets its pending pushes, oldest first, when it connects', async () => {
    const kiosk = await createDevice(t.app, admin, 'Offline Kiosk');
    const first = await pushTo([kiosk.id], { texts: { english: 'First' } });
    t.clock.advance(1_000);
    const second = await pushTo([kiosk.id], { texts: { english: 'Second' } });
    const socket = deviceSocket(t.url, kiosk.key);
    const received = collect<PushMessage>(socket, SOCKET.push);
    await connected(socket);
    await expect.poll(() => received.length).toBe(2);
    expect(received.map((m) => [m.push_id, m.texts.english])).toEqual([
      [first.id, 'First'],
      [second.id, 'Second'],
    ]);
    await ack(socket, { push_id: first.id });
    closeSockets();

    // Only what is still pending comes again on the next connect.
    const again = deviceSocket(t.url, kiosk.key);
    const resent = collect<PushMessage>(again, SOCKET.push);
    await connected(again);
    await expect.poll(() => resent.length).toBe(1);
    expect(resent[0]?.push_id).toBe(second.id);
  });

  it(`expires pushes not delivered within ${PUSH_EXPIRY_MS / 60_000} minutes`, async () => {
    const kiosk = await createDevice(t.app, admin, 'Late Kiosk');
    const absent = await createDevice(t.app, admin, 'Absent Kiosk');
    const stale = await pushTo([kiosk.id, absent.id], { texts: { english: 'Stale news' } });
    t.clock.advance(PUSH_EXPIRY_MS + 1_000);
    const fresh = await pushTo([kiosk.id], { texts: { english: 'Fresh news' } });

    const console1 = await connected(adminSocket(t.url, admin));
    const refreshed = nextMessage<LiveEvent>(
      console1,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.refreshPush && e.push_id === stale.id,
    );
    const socket = deviceSocket(t.url, kiosk.key);
    const received = collect<PushMessage>(socket, SOCKET.push);
    await connected(socket);
    await refreshed;
    await expect.poll(() => received.length).toBe(1);
    await caughtUp(socket);
    expect(received.map((m) => m.push_id)).toEqual([fresh.id]);

    // The absent device's delivery is reported, and stored, as expired by the history.
    const listedStale = await listed(stale.id);
    expect(statusOf(listedStale, kiosk.id)).toBe('expired');
    expect(statusOf(listedStale, absent.id)).toBe('expired');
    const stored = await t.database.db
      .select({ status: pushDeliveries.status })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.pushId, stale.id));
    expect(stored.map((r) => r.status)).toEqual(['expired', 'expired']);
    expect(statusOf(await listed(fresh.id), kiosk.id)).toBe('pending');
    // A late ack does not revive an expired delivery.
    await ack(socket, { push_id: stale.id });
    expect(statusOf(await listed(stale.id), kiosk.id)).toBe('expired');
  });

  it('lists pushes newest first with a total, and needs the Message page', async () => {
    const a = await pushTo([lobby.id], { texts: { english: 'Older' } });
    t.clock.advance(1_000);
    const b = await pushTo([lobby.id], { texts: { english: 'Newer' } });
    const page = await history('?limit=2&offset=0');
    expect(page.data.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(page.total).toBeGreaterThan(2);
    expect((await history('?limit=2&offset=1')).data[0]?.id).toBe(a.id);

    const { session } = await createUser(t.app, admin, {
      username: 'push_outsider',
      role_id: 1,
      page_access: ['/chat'],
    });
    expect((await call('GET', '/video_call/push', undefined, session)).statusCode).toBe(403);
    expect(
      (await call('POST', '/video_call/push', { device_ids: [lobby.id], texts: { english: 'x' } }, session))
        .statusCode,
    ).toBe(403);
  });
});
