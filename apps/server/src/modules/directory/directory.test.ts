import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DIRECTORY_MAX_UNITS,
  SOCKET,
  type DirectoryImportReport,
  type DirectoryUnit,
  type DirectoryUnitFields,
  type KioskDirectoryUnit,
} from '@ambassador/contracts';
import { TINY_PNG, solidPng, storedFiles, backends, multipartForm } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { closeSockets, connected, deviceSocket, nextMessage } from '../../test/sockets.js';
import { media } from '../../db/schema.js';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook of one sheet, as an operator would make one in Excel. */
async function workbook(rows: (string | boolean | null)[][], sheet = 'Directory') {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const row of rows) ws.addRow(row);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

describe.each(backends)('directory on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { mall: 'Mall Directory Kiosk' },
    other: { foreign: 'Foreign Directory Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { mall, foreign } = t.devices;
  afterEach(() => closeSockets());

  const send = (
    method: 'POST' | 'PUT',
    deviceId: number,
    data: unknown,
    logo?: { name: string; content: Buffer },
    s = admin,
  ) => {
    const body = multipartForm({ data: JSON.stringify(data) }, logo ? [{ field: 'logo', ...logo }] : []);
    return t.app.inject({
      method,
      url: `/admin_panel/directory?device_id=${deviceId}`,
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const add = async (
    deviceId: number,
    fields: DirectoryUnitFields,
    logo?: { name: string; content: Buffer },
  ) => {
    const res = await send('POST', deviceId, fields, logo);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DirectoryUnit;
  };
  const list = async (deviceId: number, query = '', s = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/directory?device_id=${deviceId}${query}`,
      headers: s.headers,
    });
    return res;
  };
  const remove = (deviceId: number, id: number, s = admin) =>
    t.app.inject({
      method: 'DELETE',
      url: '/admin_panel/directory',
      headers: s.headers,
      payload: { device_id: deviceId, id },
    });
  const clear = async (deviceId: number) => {
    for (;;) {
      const units: DirectoryUnit[] = (await list(deviceId, '&limit=100')).json().data;
      if (units.length === 0) return;
      for (const u of units) await remove(deviceId, u.id);
    }
  };
  const kiosk = async (key: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/directory',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as KioskDirectoryUnit[];
  };
  const mediaFiles = async () => (await storedFiles(t.config.mediaDir)).length;
  const mediaRows = async () => (await t.database.db.select({ id: media.id }).from(media)).length;
  const importFile = (
    deviceId: number,
    mode: 'preview' | 'apply',
    content: Buffer,
    name = 'directory.xlsx',
  ) => {
    const body = multipartForm({}, [{ field: 'file', name, content, type: XLSX }]);
    return t.app.inject({
      method: 'POST',
      url: `/admin_panel/directory/import?device_id=${deviceId}&mode=${mode}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('adds a unit with a logo, tells the kiosk, edits it, and deletes it with its logo', async () => {
    const socket = await connected(deviceSocket(t.url, mall.key));
    const live = nextMessage<{ changed_at: string }>(socket, SOCKET.interfaceDirectory);
    const unit = await add(
      mall.id,
      {
        unit: 'G-12',
        names: { english: 'Harbour Books', cantonese: '海港書店' },
        descriptions: { english: 'Books and maps' },
        phone: '+852 2345 6789',
        email: 'hello@harbour.example',
        live_chat: true,
      },
      { name: 'logo.png', content: TINY_PNG },
    );
    expect(unit).toMatchObject({
      unit: 'G-12',
      names: { english: 'Harbour Books', cantonese: '海港書店' },
      descriptions: { english: 'Books and maps' },
      live_chat: true,
    });
    expect(typeof (await live).changed_at).toBe('string');
    const logo = await t.app.inject({ method: 'GET', url: unit.logo_url! });
    expect(logo.headers['content-type']).toBe('image/png');
    expect((await kiosk(mall.key)).map((u) => u.unit)).toEqual(['G-12']);

    // Edit: new fields, the logo kept when none is sent, then removed.
    const edited = await send('PUT', mall.id, {
      id: unit.id,
      unit: 'G-12A',
      names: { english: 'Harbour Books & Maps' },
      live_chat: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      unit: 'G-12A',
      names: { english: 'Harbour Books & Maps' },
      descriptions: {},
      phone: '',
      live_chat: false,
      logo_url: unit.logo_url,
    });
    const noLogo = await send('PUT', mall.id, {
      id: unit.id,
      unit: 'G-12A',
      names: { english: 'Harbour Books & Maps' },
      remove_logo: true,
    });
    expect(noLogo.json().data.logo_url).toBeNull();
    // The removed logo is gone with its thumbnails: its address no longer serves it.
    expect((await t.app.inject({ method: 'GET', url: unit.logo_url! })).statusCode).toBe(404);

    expect((await remove(mall.id, unit.id)).statusCode).toBe(200);
    expect((await remove(mall.id, unit.id)).statusCode).toBe(404);
    expect(await kiosk(mall.key)).toEqual([]);
  });

  it('searches unit, names in any language (Chinese too), phone and email, ten a page', async () => {
    for (let i = 1; i <= 12; i++) {
      await add(mall.id, {
        unit: `L${String(i).padStart(2, '0')}`,
        names: { english: `Shop ${i}`, mandarin: i === 7 ? '星巴克咖啡' : `商店${i}` },
        phone: `2000 00${String(i).padStart(2, '0')}`,
        email: i === 3 ? 'team@tea.example' : '',
      });
    }
    const first = await list(mall.id);
    expect(first.json().total).toBe(12);
    expect(first.json().data.map((u: DirectoryUnit) => u.unit)).toEqual([
      'L01',
      'L02',
      'L03',
      'L04',
      'L05',
      'L06',
      'L07',
      'L08',
      'L09',
      'L10',
    ]);
    expect((await list(mall.id, '&offset=10')).json().data.map((u: DirectoryUnit) => u.unit)).toEqual([
      'L11',
      'L12',
    ]);
    const search = async (q: string) =>
      (await list(mall.id, `&search=${encodeURIComponent(q)}`)).json().data.map((u: DirectoryUnit) => u.unit);
    expect(await search('星巴克')).toEqual(['L07']);
    expect(await search('l11')).toEqual(['L11']);
    expect(await search('tea.example')).toEqual(['L03']);
    expect(await search('2000 0012')).toEqual(['L12']);
    expect(await search('100%')).toEqual([]);
    await clear(mall.id);
  });

  it('lists unit numbers in the order a visitor reads them: G2 before G10, then B1-3 before B1-12', async () => {
    for (const unit of ['G10', 'g2', 'B1-12', 'G1', 'B1-3', 'Kiosk'])
      await add(mall.id, { unit, names: { english: `Shop ${unit}` }, phone: '', email: '' });
    expect((await list(mall.id)).json().data.map((u: DirectoryUnit) => u.unit)).toEqual([
      'B1-3',
      'B1-12',
      'G1',
      'g2',
      'G10',
      'Kiosk',
    ]);
    await clear(mall.id);
  });

  it('refuses a unit number in use (any case), bad email and phone, and keeps a <script> name as text', async () => {
    await add(mall.id, { unit: 'B1', names: { english: '<script>alert(1)</script>' } });
    const taken = await send('POST', mall.id, { unit: 'b1', names: { english: 'Other' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('unit_taken');

    const bad = await send('POST', mall.id, {
      unit: 'B2',
      names: { english: 'Shop' },
      email: 'not-an-email',
      phone: 'call me',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { key: string }) => i.key)
        .sort(),
    ).toEqual(['email_format', 'mobile_charset']);
    const nameless = await send('POST', mall.id, { unit: 'B3', names: { english: '  ' } });
    expect(nameless.json().issues[0].key).toBe('occupant_name_required');
    const language = await send('POST', mall.id, { unit: 'B4', names: { japanese: '店' } });
    expect(language.json().error).toBe('language_not_offered');

    const [unit] = (await list(mall.id)).json().data as DirectoryUnit[];
    expect(unit!.names.english).toBe('<script>alert(1)</script>');
    expect((await list(mall.id)).json().total).toBe(1);
    await clear(mall.id);
  });

  it('refuses an HTML file sent as the logo and stores nothing', async () => {
    const [files, rows] = [await mediaFiles(), await mediaRows()];
    const res = await send(
      'POST',
      mall.id,
      { unit: 'X1', names: { english: 'Shop' } },
      { name: 'logo.png', content: HTML },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_type');
    // A valid logo with invalid fields: the logo does not stay behind either.
    const invalid = await send(
      'POST',
      mall.id,
      { unit: '', names: {} },
      { name: 'logo.png', content: TINY_PNG },
    );
    expect(invalid.statusCode).toBe(400);
    expect((await list(mall.id)).json().total).toBe(0);
    expect(await mediaFiles()).toBe(files);
    expect(await mediaRows()).toBe(rows);
  });

  it('answers 404 for another project’s unit and 403 for its device', async () => {
    const theirs = await send(
      'POST',
      foreign.id,
      { unit: 'F1', names: { english: 'Theirs' } },
      undefined,
      other,
    );
    expect(theirs.statusCode).toBe(200);
    const id = theirs.json().data.id as number;
    expect((await list(foreign.id)).statusCode).toBe(403);
    expect((await remove(mall.id, id)).statusCode).toBe(404);
    const edit = await send('PUT', mall.id, { id, unit: 'F1', names: { english: 'Mine now' } });
    expect(edit.statusCode).toBe(404);
    expect((await list(foreign.id, '', other)).json().data[0].names.english).toBe('Theirs');
  });

  it('tags a visitor chat asked for from a unit with that unit', async () => {
    const unit = await add(mall.id, {
      unit: 'C7',
      names: { english: 'Clinic', cantonese: '診所' },
      live_chat: true,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/chats',
      headers: { authorization: `Bearer ${mall.key}` },
      payload: { language: 'cantonese', directory_unit_id: unit.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const chats = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/chat/endusers?device_id=${mall.id}`,
      headers: admin.headers,
    });
    expect(chats.json().data[0].tags).toEqual(['C7 診所']);
    await clear(mall.id);
  });

  it('exports a workbook the import reads back unchanged, then imports additions and updates', async () => {
    await add(mall.id, {
      unit: 'A1',
      names: { english: 'Apple', cantonese: '蘋果' },
      descriptions: { mandarin: '电子产品' },
      phone: '2111 1111',
      email: 'a@example.com',
      live_chat: true,
    });
    await add(mall.id, { unit: 'A2', names: { english: '=1+2 shop' } });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/directory/export?device_id=${mall.id}`,
      headers: admin.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe(XLSX);
    const preview = await importFile(mall.id, 'preview', exported.rawPayload);
    expect(preview.json().data).toMatchObject({
      applied: false,
      add: 0,
      update: 0,
      unchanged: 2,
      errors: [],
    });

    // Edit the exported file as an operator would: one changed, one new.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Directory')!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    expect(header).toEqual([
      'Unit',
      'Phone',
      'Email',
      'Live chat',
      'Name (english)',
      'Description (english)',
      'Name (cantonese)',
      'Description (cantonese)',
      'Name (mandarin)',
      'Description (mandarin)',
    ]);
    ws.getRow(3).getCell(5).value = 'Sum Shop';
    ws.addRow(['A3', '', '', 'No', 'Cafe', '', '咖啡店']);
    const edited = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const planned: DirectoryImportReport = (await importFile(mall.id, 'preview', edited)).json().data;
    expect(planned.rows.map((r) => [r.unit, r.action])).toEqual([
      ['A1', 'unchanged'],
      ['A2', 'update'],
      ['A3', 'add'],
    ]);
    expect((await list(mall.id)).json().total).toBe(2);
    const applied = await importFile(mall.id, 'apply', edited);
    expect(applied.json().data).toMatchObject({ applied: true, add: 1, update: 1, unchanged: 1 });
    const units: DirectoryUnit[] = (await list(mall.id)).json().data;
    expect(units.map((u) => [u.unit, u.names.english])).toEqual([
      ['A1', 'Apple'],
      ['A2', 'Sum Shop'],
      ['A3', 'Cafe'],
    ]);
    expect(units[0]).toMatchObject({
      descriptions: { mandarin: '电子产品' },
      live_chat: true,
      phone: '2111 1111',
    });
    expect(units[2]!.names.cantonese).toBe('咖啡店');
    await clear(mall.id);
  });

  it('lists each bad row and applies nothing when any row has a problem', async () => {
    await add(mall.id, { unit: 'K1', names: { english: 'Kept' } });
    const file = await workbook([
      ['Unit', 'Email', 'Live chat', 'Name (english)'],
      ['K2', 'ok@example.com', 'Yes', 'Fine'],
      ['K3', 'nope', 'No', 'Bad email'],
      ['K2', '', 'maybe', 'Twice'],
      ['', '', '', 'No unit'],
      ['K4', '', '', ''],
    ]);
    const res = await importFile(mall.id, 'apply', file);
    expect(res.statusCode).toBe(200);
    const report: DirectoryImportReport = res.json().data;
    expect(report.applied).toBe(false);
    expect(report.errors.map((e) => [e.row, e.column, e.key])).toEqual([
      [3, 'Email', 'email_format'],
      [4, 'Live chat', 'yes_no'],
      [4, 'Unit', 'unit_duplicate_in_file'],
      [5, 'Unit', 'unit_required'],
      [6, 'Name (english)', 'occupant_name_required'],
    ]);
    expect((await list(mall.id)).json().data.map((u: DirectoryUnit) => u.unit)).toEqual(['K1']);

    const japanese = await importFile(
      mall.id,
      'preview',
      await workbook([
        ['Unit', 'Name (japanese)'],
        ['K9', '店'],
      ]),
    );
    expect(japanese.statusCode).toBe(400);
    expect(japanese.json().message).toMatch(/does not offer/);
    const csv = await importFile(
      mall.id,
      'preview',
      Buffer.from('Unit,Name (english)\r\nK9,Shop\r\n'),
      'units.xlsx',
    );
    expect(csv.statusCode).toBe(415);
    await clear(mall.id);
  });

  it('refuses a workbook of 100,000 units with a clear message, and changes nothing', async () => {
    const rows: string[][] = [['Unit', 'Name (english)']];
    for (let i = 0; i < 100_000; i++) rows.push([`U${i}`, `Shop ${i}`]);
    const res = await importFile(mall.id, 'preview', await workbook(rows));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('too_many_units');
    expect(res.json().message).toContain(`at most ${DIRECTORY_MAX_UNITS.toLocaleString('en')} units`);

    const justOver: string[][] = [['Unit', 'Name (english)']];
    for (let i = 0; i <= DIRECTORY_MAX_UNITS; i++) justOver.push([`V${i}`, `Shop ${i}`]);
    const over = await importFile(mall.id, 'preview', await workbook(justOver));
    expect(over.json()).toMatchObject({ error: 'too_many_units' });
    expect(over.json().message).toContain('this file has 5,001');
    expect((await list(mall.id)).json().total).toBe(0);
  });
  it('deletes the units a search matches, logos and names with them, and one undo brings all back', async () => {
    await clear(mall.id);
    const logoUnit = await add(
      mall.id,
      { unit: 'L1-01', names: { english: 'Tea House', cantonese: '茶館' } },
      { name: 'tea.png', content: await solidPng(8, 8, '#2e7d32') },
    );
    await add(mall.id, { unit: 'L1-02', names: { english: 'Tea Garden', cantonese: '茶園' } });
    await add(mall.id, { unit: 'L1-03', names: { english: 'Shoe Repair' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/directory/bulk',
      headers: admin.headers,
      payload: { device_id: mall.id, action: 'delete', selection: { all: true, filter: { search: 'tea' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().data.undo;
    expect(ticket.count).toBe(2);
    expect((await kiosk(mall.key)).map((u) => u.unit)).toEqual(['L1-03']);
    // The logo is kept while the delete can be undone.
    expect((await t.app.inject({ method: 'GET', url: logoUnit.logo_url! })).statusCode).toBe(200);
    const undone = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/undo',
      headers: admin.headers,
      payload: { id: ticket.id },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const back: DirectoryUnit[] = (await list(mall.id, '&limit=100')).json().data;
    expect(back.map((u) => u.unit).sort()).toEqual(['L1-01', 'L1-02', 'L1-03']);
    expect(back.find((u) => u.id === logoUnit.id)).toMatchObject({
      names: { english: 'Tea House', cantonese: '茶館' },
      logo_url: logoUnit.logo_url,
    });
    await clear(mall.id);
  });
});
