import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_EVENT, SOCKET, type Call } from '@ambassador/contracts';
import { ADMIN, backends, createUser, login, otherProject, type Session } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import {
  adminSocket,
  closeSockets,
  collect,
  caughtUp,
  connected,
  deviceSocket,
  nextMessage,
  settle,
} from '../../test/sockets.js';

describe.each(backends)('video calls (%s)', (kind) => {
  const t = projectFixture(kind, { devices: { device: `Call kiosk ${kind}` } });
  const { admin } = t;
  const { device } = t.devices;
  const kioskHeaders = () => ({ authorization: `Bearer ${device.key}` });
  const startCall = async (language = 'english') =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/device_api/v1/calls',
        headers: kioskHeaders(),
        payload: { language },
      })
    ).json();
  const setStatus = (as: Session, id: string, status: 'answered' | 'ended', clientId = 'tab-1') =>
    t.app.inject({
      method: 'PUT',
      url: `/admin_panel/video_call/list/${device.id}`,
      headers: as.headers,
      payload: { real_session_id: id, status, client_id: clientId },
    });
  const list = async (query = '') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/admin_panel/video_call/list/${admin.projectId}?${query}`,
        headers: admin.headers,
      })
    ).json();

  afterEach(() => closeSockets());

  it('rings every console, one operator answers, signalling reaches only that tab, and either side hangs up', async () => {
    const tab1 = await connected(adminSocket(t.url, admin, 'tab-1'));
    const tab2 = await connected(adminSocket(t.url, admin, 'tab-2'));
    const kiosk = await connected(deviceSocket(t.url, device.key));
    const banner1 = nextMessage<{ name: string; notification: { sound: boolean } }>(
      tab1,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.newCall,
    );
    const banner2 = nextMessage<{ name: string }>(
      tab2,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.newCall,
    );
    const started = await startCall();
    expect(started.data.status).toBe('ringing');
    expect(started.data.ice_servers).toEqual([]);
    const call: Call = started.data.call;
    expect(call).toMatchObject({ status: 'ringing', device_id: device.id, answered_by: null });
    expect((await banner1).notification.sound).toBe(true);
    await banner2;

    const kioskUpdate = nextMessage<{ status: string }>(kiosk, SOCKET.callUpdate);
    const answered = await setStatus(admin, call.real_session_id, 'answered', 'tab-1');
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'answered', answered_by: 'admin' });
    expect((await kioskUpdate).status).toBe('answered');

    // A second operator (or a double click) cannot take it again.
    const again = await setStatus(admin, call.real_session_id, 'answered', 'tab-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already answered');

    // Only the tab that answered may signal, and only it hears the kiosk.
    const tab2Signals = collect(tab2, SOCKET.callSignal);
    const refused = await tab2.emitWithAck(SOCKET.callSignal, {
      real_session_id: call.real_session_id,
      description: { type: 'offer', sdp: 'x' },
    });
    expect(refused).toMatchObject({ ok: false, error: 'not_your_call' });
    const atKiosk = nextMessage<{ description: { type: string } }>(kiosk, SOCKET.callSignal);
    expect(
      await tab1.emitWithAck(SOCKET.callSignal, {
        real_session_id: call.real_session_id,
        description: { type: 'offer', sdp: 'v=0' },
      }),
    ).toMatchObject({ ok: true });
    expect((await atKiosk).description.type).toBe('offer');
    const atTab1 = nextMessage<{ candidate: { candidate: string } }>(tab1, SOCKET.callSignal);
    await kiosk.emitWithAck(SOCKET.callSignal, {
      real_session_id: call.real_session_id,
      candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.2 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    expect((await atTab1).candidate.candidate).toContain('typ host');
    await caughtUp(tab2);
    expect(tab2Signals).toEqual([]);
    // Malformed signals are refused, not relayed.
    expect(await tab1.emitWithAck(SOCKET.callSignal, { real_session_id: 'nope' })).toMatchObject({
      ok: false,
    });

    // The visitor hangs up: ended, the consoles refresh, the duration is known.
    const refresh = nextMessage<{ name: string; status: string }>(
      tab1,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.refreshCall,
    );
    t.clock.advance(65_000);
    const ended = await t.app.inject({
      method: 'POST',
      url: `/device_api/v1/calls/${call.real_session_id}/end`,
      headers: kioskHeaders(),
    });
    expect(ended.json().data).toMatchObject({ status: 'ended', duration_seconds: 65 });
    expect((await refresh).status).toBe('ended');
    // Hanging up twice changes nothing.
    expect((await setStatus(admin, call.real_session_id, 'ended')).json().data.status).toBe('ended');
    expect((await setStatus(admin, call.real_session_id, 'answered')).statusCode).toBe(409);
  });

  it('tells a console tab that connects while a call rings, and only that tab', async () => {
    // A tab open before the call hears it live. Only once it has (the live broadcast may travel
    // through the event bus, so it can arrive after startCall answers) do the tabs below connect:
    // what they hear is then their own connect-time replay, and nothing else.
    const observer = await connected(adminSocket(t.url, admin, 'tab-observer'));
    const live = nextMessage<{ name: string }>(
      observer,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.newCall,
    );
    const { data } = await startCall();
    await live;
    await caughtUp(observer);
    // The first tab hears the ringing call from its own connect-time replay. (A tab connecting at
    // the very moment a call starts may hear it twice, live and replayed; the console keeps one
    // banner per call.)
    const early = adminSocket(t.url, admin, 'tab-early');
    const replayed = nextMessage<{ name: string; real_session_id: string }>(early, SOCKET.event, 3_000);
    await connected(early);
    expect(await replayed).toMatchObject({ name: 'new_call', real_session_id: data.call.real_session_id });
    const earlyEvents = collect<{ name: string }>(early, SOCKET.event);
    // A tab that loads now (or reconnects) still gets the banner.
    const late = adminSocket(t.url, admin, 'tab-late');
    const banner = nextMessage<{ name: string; real_session_id: string; status: string }>(
      late,
      SOCKET.event,
      3_000,
    );
    await connected(late);
    expect(await banner).toMatchObject({
      name: 'new_call',
      real_session_id: data.call.real_session_id,
      status: 'ringing',
    });
    await caughtUp(early);
    expect(earlyEvents).toEqual([]);
    await setStatus(admin, data.call.real_session_id, 'ended');
    // Nothing rings any more: a new tab hears nothing.
    const after = adminSocket(t.url, admin, 'tab-after');
    const heard = collect(after, SOCKET.event);
    await connected(after);
    // Kept: the connect-time replay reads the database and, with nothing ringing, sends nothing,
    // so it has no end to wait for.
    await settle();
    expect(heard).toEqual([]);
    // Later calls sort after this one (the test clock stands still otherwise).
    t.clock.advance(1_000);
  });

  it('marks a call nobody answers as missed after the ring time, and a visitor who gives up too', async () => {
    const kiosk = await connected(deviceSocket(t.url, device.key));
    const { data } = await startCall();
    const missed = nextMessage<{ status: string }>(kiosk, SOCKET.callUpdate);
    t.clock.advance(46_000);
    // Whoever reads the list next sees the truth: ringing past its time is missed (the server
    // also runs a timer per call and a sweep every 15 s).
    const listed = await list(`device_id=${device.id}&limit=1`);
    expect(listed.data[0]).toMatchObject({ real_session_id: data.call.real_session_id, status: 'missed' });
    expect((await missed).status).toBe('missed');
    const after = await list(`status=missed&device_id=${device.id}`);
    expect(after.data[0]).toMatchObject({
      real_session_id: data.call.real_session_id,
      status: 'missed',
      answered_by: null,
    });

    const second = await startCall();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/device_api/v1/calls/${second.data.call.real_session_id}/end`,
      headers: kioskHeaders(),
    });
    expect(cancelled.json().data.status).toBe('missed');
  });

  it('keeps calls in their project: another project cannot list, answer or see them', async () => {
    const other = await otherProject(t.database);
    const them = await login(t.app, other.username, other.password);
    const theirSocket = await connected(adminSocket(t.url, them, 'their-tab'));
    const theirEvents = collect(theirSocket, SOCKET.event);
    const { data } = await startCall();
    const listed = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/video_call/list/${admin.projectId}`,
      headers: them.headers,
    });
    expect(listed.statusCode).toBe(403);
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/video_call/list/${device.id}`,
      headers: them.headers,
      payload: { real_session_id: data.call.real_session_id, status: 'answered' },
    });
    expect([403, 404]).toContain(answer.statusCode);
    const hours = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/video_call/offline_hours/${device.id}`,
      headers: them.headers,
    });
    expect(hours.statusCode).toBe(403);
    await caughtUp(theirSocket);
    expect(theirEvents).toEqual([]);
    await setStatus(admin, data.call.real_session_id, 'ended');
  });

  it('answers with the offline response during offline hours, in the device time zone and language', async () => {
    const save = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/video_call/offline_hours/${device.id}`,
      headers: admin.headers,
      payload: {
        // Offline on weekday nights (overnight, into the next morning) and all weekend.
        offline_hours: [
          { day: 'weekdays', start: '18:00', end: '09:00' },
          { day: 'weekends', start: '00:00', end: '24:00' },
        ],
        time_zone: 'Asia/Hong_Kong',
        offline_response: { english: 'Back at 9 tomorrow.', cantonese: '聽日九點再見' },
      },
    });
    expect(save.statusCode).toBe(200);
    // Sunday 2026-11-22 12:00 in Hong Kong: a weekend, offline.
    const sunday = new Date('2026-11-22T04:00:00Z').getTime();
    t.clock.advance(sunday - t.clock.now().getTime());
    await t.signInAgain();
    expect((await startCall('cantonese')).data).toEqual({
      status: 'offline',
      offline_response: '聽日九點再見',
    });
    // A language without its own text gets the built-in one.
    expect((await startCall('mandarin')).data.offline_response).toContain('视频通话');
    // Monday 10:00 in Hong Kong: ringing.
    t.clock.advance(22 * 3_600_000);
    // A day passed: the console signs in again (sessions idle out after an hour).
    await t.signInAgain();
    const monday = await startCall('english');
    expect(monday.data.status).toBe('ringing');
    await setStatus(admin, monday.data.call.real_session_id, 'ended');
    // Monday 20:00 in Hong Kong: inside Monday night's span.
    t.clock.advance(10 * 3_600_000);
    await t.signInAgain();
    expect((await startCall('english')).data).toEqual({
      status: 'offline',
      offline_response: 'Back at 9 tomorrow.',
    });

    const same = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/video_call/offline_hours/${device.id}`,
      headers: admin.headers,
      payload: {
        offline_hours: [{ day: 'monday', start: '09:00', end: '09:00' }],
        time_zone: 'Asia/Hong_Kong',
        offline_response: {},
      },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual([
      expect.objectContaining({ key: 'end_equals_start', path: ['offline_hours', 0, 'end'] }),
    ]);

    const bad = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/video_call/offline_hours/${device.id}`,
      headers: admin.headers,
      payload: {
        offline_hours: [{ day: 'someday', start: '18:00', end: '09:00' }],
        time_zone: 'Mars/Base',
        offline_response: {},
      },
    });
    expect(bad.statusCode).toBe(400);
    const kept = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/video_call/offline_hours/${device.id}`,
      headers: admin.headers,
    });
    expect(kept.json().data.time_zone).toBe('Asia/Hong_Kong');
    // Clear the hours again for the other tests.
    await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/video_call/offline_hours/${device.id}`,
      headers: admin.headers,
      payload: { offline_hours: [], time_zone: 'UTC', offline_response: {} },
    });
  });

  it('saves the notification channel and sends it with each new call', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/video_call/notification/${device.id}`,
      headers: admin.headers,
      payload: { banner: true, sound: false, desktop: true, ring_seconds: 20 },
    });
    expect(put.statusCode).toBe(200);
    const tab = await connected(adminSocket(t.url, admin, 'tab-n'));
    const event = nextMessage<{ name: string; notification: unknown }>(
      tab,
      SOCKET.event,
      3_000,
      (e) => e.name === LIVE_EVENT.newCall,
    );
    const { data } = await startCall();
    expect(data.ring_seconds).toBe(20);
    expect((await event).notification).toEqual({
      banner: true,
      sound: false,
      desktop: true,
      ring_seconds: 20,
    });
    await setStatus(admin, data.call.real_session_id, 'ended');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/video_call/notification/${device.id}`,
      headers: admin.headers,
      payload: { banner: true, sound: true, desktop: false, ring_seconds: 5 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('pages, filters and searches the call history; a role without Live Video cannot read it', async () => {
    const all = await list('limit=2&offset=0');
    expect(all.data).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const times = all.data.map((c: Call) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const found = await list(`search=${encodeURIComponent(`call kiosk ${kind}`.toUpperCase())}`);
    expect(found.total).toBe(all.total);
    expect((await list('search=nobody-here')).total).toBe(0);
    const boss = await login(t.app, ADMIN.username, ADMIN.password);
    const { session } = await createUser(t.app, boss, {
      username: `nolive_${kind}`,
      role_id: 1,
      page_access: ['/dashboard'],
    });
    const denied = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/video_call/list/${admin.projectId}`,
      headers: session.headers,
    });
    expect(denied.statusCode).toBe(403);
  });
});
