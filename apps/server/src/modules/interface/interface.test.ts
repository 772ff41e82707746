import { afterEach, describe, expect, it } from 'vitest';
import { INTERFACE_SECTIONS, SOCKET, type InterfaceSection, type KioskSections } from '@ambassador/contracts';
import { backends, createUser } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import {
  closeSockets,
  collect,
  connected,
  createDevice,
  deviceSocket,
  nextMessage,
  caughtUp,
} from '../../test/sockets.js';

type Method = 'GET' | 'PUT';

/** Section → components switched on, from an answer, to compare at a glance. */
const onOf = (sections: InterfaceSection[]) =>
  Object.fromEntries(sections.map((s) => [s.id, s.components.filter((c) => c.is_enabled).map((c) => c.id)]));

describe.each(backends)('interface sections on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Sections Lobby Kiosk' },
    other: { foreign: 'Foreign Sections Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { lobby, foreign } = t.devices;
  afterEach(() => closeSockets());

  const call = (method: Method, path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const get = async (deviceId: number, s = admin): Promise<InterfaceSection[]> => {
    const res = await call('GET', `/interface/sections?device_id=${deviceId}`, undefined, s);
    if (res.statusCode !== 200) throw new Error(`sections: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const put = (body: object, s = admin) => call('PUT', '/interface/sections', body, s);
  const kioskConfig = async (key: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/config',
      headers: { authorization: `Bearer ${key}` },
    });
    return res.json().data as { sections: KioskSections };
  };

  it('a device that saved nothing shows every component of the catalogue at its default', async () => {
    const fresh = await createDevice(t.app, admin, 'Fresh Kiosk');
    const sections = await get(fresh.id);
    expect(sections.map((s) => s.id)).toEqual(INTERFACE_SECTIONS.map((s) => s.id));
    expect(sections.find((s) => s.id === 'staff')).toEqual({
      id: 'staff',
      later: false,
      components: [
        { id: 'chat_with_staff', is_enabled: true, later: false },
        { id: 'call_staff', is_enabled: true, later: false },
      ],
    });
    expect(sections.find((s) => s.id === 'directory')?.later).toBe(false);
    expect(sections.find((s) => s.id === 'events')?.later).toBe(false);
    expect(sections.find((s) => s.id === 'map')?.later).toBe(false);
    expect((await kioskConfig(fresh.key)).sections.staff).toEqual({
      chat_with_staff: true,
      call_staff: true,
    });
  });

  it('saves one section, keeps the others, and tells the kiosk at once', async () => {
    const socket = await connected(deviceSocket(t.url, lobby.key));
    const live = nextMessage<KioskSections>(socket, SOCKET.interfaceSections);
    const res = await put({
      device_id: lobby.id,
      section_id: 'staff',
      selected_comp_ids: ['chat_with_staff'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Section saved.');
    expect(onOf(res.json().data).staff).toEqual(['chat_with_staff']);
    expect(await live).toMatchObject({ staff: { chat_with_staff: true, call_staff: false } });

    await put({ device_id: lobby.id, section_id: 'ask', selected_comp_ids: ['rating'] });
    const after = onOf(await get(lobby.id));
    expect(after.staff).toEqual(['chat_with_staff']);
    expect(after.ask).toEqual(['rating']);
    expect(after.start).toEqual(['greeting', 'carousel']);
    // What the kiosk reads on start-up says the same.
    const config = await kioskConfig(lobby.key);
    expect(config.sections.staff).toEqual({ chat_with_staff: true, call_staff: false });
    expect(config.sections.ask).toEqual({ voice_input: false, related_topics: false, rating: true });

    // Everything off, then back on: saved as switched.
    await put({ device_id: lobby.id, section_id: 'staff', selected_comp_ids: [] });
    expect(onOf(await get(lobby.id)).staff).toEqual([]);
    await put({
      device_id: lobby.id,
      section_id: 'staff',
      selected_comp_ids: ['call_staff', 'chat_with_staff'],
    });
    expect(onOf(await get(lobby.id)).staff).toEqual(['chat_with_staff', 'call_staff']);
  });

  it('refuses unknown sections and components with their codes, and changes nothing', async () => {
    const device = await createDevice(t.app, admin, 'Strict Kiosk');
    const before = await get(device.id);
    const cases: Array<[object, number, string]> = [
      [{ section_id: 'billboard', selected_comp_ids: [] }, 400, 'unknown_section'],
      [{ section_id: 'staff', selected_comp_ids: ['call_staff', 'teleport'] }, 400, 'unknown_component'],
      // A component of another section is not this one's.
      [{ section_id: 'staff', selected_comp_ids: ['voice_input'] }, 400, 'unknown_component'],
      [{ section_id: 'staff', selected_comp_ids: 'call_staff' }, 400, 'validation_error'],
      [{ section_id: '', selected_comp_ids: [] }, 400, 'validation_error'],
      [{ selected_comp_ids: [] }, 400, 'validation_error'],
    ];
    for (const [body, status, code] of cases) {
      const res = await put({ device_id: device.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ success: false, error: code });
    }
    const missing = await put({ section_id: 'staff', selected_comp_ids: [] });
    expect(missing.statusCode).toBe(400);
    expect((await call('GET', '/interface/sections')).statusCode).toBe(400);
    expect(await get(device.id)).toEqual(before);
  });

  it("refuses another project's device both ways, and changes nothing there", async () => {
    const socket = await connected(deviceSocket(t.url, foreign.key));
    const heard = collect<KioskSections>(socket, SOCKET.interfaceSections);
    const res = await put({ device_id: foreign.id, section_id: 'staff', selected_comp_ids: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: 'This device is not in your project.' });
    expect((await call('GET', `/interface/sections?device_id=${foreign.id}`)).statusCode).toBe(403);
    await caughtUp(socket);
    expect(heard).toEqual([]);
    expect(onOf(await get(foreign.id, other)).staff).toEqual(['chat_with_staff', 'call_staff']);
    // And the other project cannot read ours.
    expect(
      (await call('GET', `/interface/sections?device_id=${lobby.id}`, undefined, other)).statusCode,
    ).toBe(403);
  });

  it('needs the Interface Settings page', async () => {
    const { session } = await createUser(t.app, admin, {
      username: 'sections_outsider',
      role_id: 1,
      page_access: ['/chat'],
    });
    expect(
      (await call('GET', `/interface/sections?device_id=${lobby.id}`, undefined, session)).statusCode,
    ).toBe(403);
    const res = await put({ device_id: lobby.id, section_id: 'staff', selected_comp_ids: [] }, session);
    expect(res.statusCode).toBe(403);
  });
});
