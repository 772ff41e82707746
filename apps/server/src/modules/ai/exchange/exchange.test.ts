import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, login, multipartFile, otherProject, TINY_PNG } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';
import { syntheticTopics } from '../../../test/matcher-topics.js';
import { savedByLibreOffice } from '../../../test/libreoffice.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador (empty here), 3 Website Chatbot. */
const LOBBY = 1;
const NORTH = 2;
const CHATBOT = 3;
const I = '/admin_panel/ai_config/intents';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface CategoryData {
  category_id: number;
  category_name: string;
  parent_id: number | null;
}

async function readWorkbook(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** Data rows of a sheet as plain values, blanks as ''. */
function rowsOf(ws: ExcelJS.Worksheet) {
  const rows: unknown[][] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values: unknown[] = [];
    for (let c = 1; c <= ws.columnCount; c++) values.push(row.getCell(c).value ?? '');
    rows.push(values);
  });
  return rows;
}

/** A workbook made by hand, as a user would in Excel. */
async function workbookOf(sheets: Record<string, unknown[][]>) {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const TOPIC_HEADERS = [
  'Topic',
  'Parent topic',
  'Category',
  'Active',
  'Related intents',
  'Remarks',
  'Avatar motion',
];
const KEYWORD_HEADERS = ['Topic', 'Language', 'Kind', 'Text'];
const RESPONSE_HEADERS = [
  'Topic',
  'Language',
  'Device type',
  'Response aim',
  'Response type',
  'Speech',
  'Contents',
];

describe.each(backends)('topics workbook on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const call = (method: Method, path: string, payload?: object) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: admin.headers, ...(payload && { payload }) });
  const data = async (method: Method, path: string, payload?: object) => {
    const res = await call(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const exportOf = (device: number) =>
    t.app.inject({ method: 'GET', url: `${I}/export?device_id=${device}`, headers: admin.headers });
  const importInto = (device: number, mode: 'preview' | 'apply', content: Buffer, name = 'topics.xlsx') => {
    const body = multipartFile({ name, content, type: XLSX });
    return t.app.inject({
      method: 'POST',
      url: `${I}/import?device_id=${device}&mode=${mode}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
  };

  /** Everything a device's topics hold, by name: ids differ from device to device. */
  const snapshot = async (device: number) => {
    const categories: CategoryData[] = await data('GET', `/ai_config/intents/category?device_id=${device}`);
    const byId = new Map(categories.map((c) => [c.category_id, c]));
    const pathOf = (id: number | null): string => {
      const c = id === null ? undefined : byId.get(id);
      return c ? [pathOf(c.parent_id), c.category_name].filter(Boolean).join(' > ') : '';
    };
    const topics = await data(
      'GET',
      `/ai_config/intents/intent?device_id=${device}&sort_by=name&order=asc&limit=100`,
    );
    const out = [];
    for (const tp of topics) {
      const keywords = await data(
        'GET',
        `/ai_config/intents/keywords?device_id=${device}&intent_id=${tp.id}`,
      );
      const responses = await data(
        'GET',
        `/ai_config/intents/responses?device_id=${device}&intent_id=${tp.id}`,
      );
      out.push({
        name: tp.intent_name,
        category: pathOf(tp.category_id),
        parent: tp.parent_name,
        is_activated: tp.is_activated,
        is_enabled_related_intents: tp.is_enabled_related_intents,
        remarks: tp.remarks,
        avatar_motion: tp.avatar_motion,
        keywords: keywords.map((k: { language: string; kind: string; text: string }) => [
          k.language,
          k.kind,
          k.text,
        ]),
        responses: responses.map(
          ({ id: _id, intent_id: _t, updated_at: _u, ...r }: Record<string, unknown>) => r,
        ),
      });
    }
    return { categories: categories.map((c) => pathOf(c.category_id)).sort(), topics: out };
  };

  beforeAll(async () => {
    const category = (name: string, parent_id?: number) =>
      data('POST', '/ai_config/intents/category', { device_id: LOBBY, name, parent_id });
    const shops = await category('Shops');
    const food = await category('Food', shops.category_id);
    const facilities = await category('Facilities');
    await category('Empty one');
    const topic = (name: string, body: object) =>
      data('POST', '/ai_config/intents/intent', { device_id: LOBBY, name, ...body });
    const restaurants = await topic('Restaurants', { category_id: food.category_id, remarks: '=1+2' });
    await data('PUT', '/ai_config/intents/intent', {
      device_id: LOBBY,
      id: restaurants.id,
      is_enabled_related_intents: true,
    });
    await topic('Vegan restaurants', { parent_id: restaurants.id, remarks: '+852 2345 6789' });
    const parking = await topic('Parking', { category_id: facilities.category_id, remarks: '@front desk' });
    await data('PUT', '/ai_config/intents/intent', { device_id: LOBBY, id: parking.id, is_activated: false });
    await data('PUT', '/ai_config/intents/avatar_motion', {
      device_id: LOBBY,
      intent_id: parking.id,
      motion: 'tilt',
    });

    const keyword = (intent_id: number, language: string, text: string) =>
      data('POST', '/ai_config/intents/keywords', { device_id: LOBBY, intent_id, language, text });
    await keyword(restaurants.id, 'english', 'restaurant');
    await keyword(restaurants.id, 'cantonese', '餐廳');
    await data('POST', '/ai_config/intents/train', {
      device_id: LOBBY,
      intent_id: restaurants.id,
      language: 'english',
      text: 'where can I eat',
    });
    await keyword(parking.id, 'english', '-parking');

    await data('POST', '/ai_config/intents/responses', {
      device_id: LOBBY,
      intent_id: restaurants.id,
      language: 'english',
      device_type: 'ambassador',
      speech: 'Here are our restaurants.',
      contents: [
        { type: 'text', values: ['We have 12 restaurants.'] },
        {
          type: 'buttons',
          num_of_column: 2,
          values: [
            { text: 'Chinese', payload: 'chinese food' },
            { text: 'Western', payload: 'western food' },
            { text: 'Vegan', payload: 'Vegan restaurants' },
          ],
        },
      ],
    });
    await data('POST', '/ai_config/intents/responses', {
      device_id: LOBBY,
      intent_id: restaurants.id,
      language: 'cantonese',
      device_type: 'ambassador',
      contents: [{ type: 'image', url: 'https://example.com/food.png', size: 5 }],
    });
    await data('POST', '/ai_config/intents/responses', {
      device_id: LOBBY,
      intent_id: parking.id,
      language: 'english',
      device_type: 'chatbot',
      response_type: 'text',
      speech: 'Parking is on B2.',
    });
  });

  it('exports a device as a workbook named after it, text never turned into formulas', async () => {
    const res = await exportOf(LOBBY);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Main Lobby Ambassador-topics.xlsx"; filename*=UTF-8''Main%20Lobby%20Ambassador-topics.xlsx`,
    );
    const wb = await readWorkbook(res.rawPayload);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Topics', 'Keywords', 'Responses']);

    const topics = wb.getWorksheet('Topics')!;
    expect(topics.getRow(1).values).toEqual([undefined, ...TOPIC_HEADERS]);
    expect(topics.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(topics.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Roots by category path, each followed by its sub-topics.
    expect(rowsOf(topics)).toEqual([
      ['Parking', '', 'Facilities', false, false, '@front desk', 'tilt'],
      ['Restaurants', '', 'Shops > Food', true, true, '=1+2', ''],
      ['Vegan restaurants', 'Restaurants', 'Shops > Food', true, false, '+852 2345 6789', ''],
    ]);
    const remark = topics.getCell('F3');
    expect(remark.type).toBe(ExcelJS.ValueType.String);
    expect(remark.value).toBe('=1+2');
    expect(remark.formula).toBeUndefined();

    const keywords = wb.getWorksheet('Keywords')!;
    expect(keywords.getRow(1).values).toEqual([undefined, ...KEYWORD_HEADERS]);
    expect(rowsOf(keywords)).toEqual([
      ['Parking', 'english', 'keyword', '-parking'],
      ['Restaurants', 'english', 'keyword', 'restaurant'],
      ['Restaurants', 'cantonese', 'keyword', '餐廳'],
      ['Restaurants', 'english', 'phrase', 'where can I eat'],
    ]);
    expect(keywords.getCell('D2').type).toBe(ExcelJS.ValueType.String);

    const responses = wb.getWorksheet('Responses')!;
    expect(responses.getRow(1).values).toEqual([undefined, ...RESPONSE_HEADERS, 'Custom content']);
    const rows = rowsOf(responses);
    expect(rows.map((r) => r.slice(0, 6))).toEqual([
      ['Parking', 'english', 'chatbot', 'give_info', 'text', 'Parking is on B2.'],
      ['Restaurants', 'english', 'ambassador', 'give_info', 'multimedia', 'Here are our restaurants.'],
      ['Restaurants', 'cantonese', 'ambassador', 'give_info', 'multimedia', ''],
    ]);
    const contents = JSON.parse(rows[1]![6] as string);
    expect(contents[1]).toMatchObject({ type: 'buttons', num_of_column: 2 });
    expect(contents[1].values).toHaveLength(4);
    expect(JSON.parse(rows[0]![6] as string)).toEqual([]);
  });

  it('previews an import without writing, then applies it: the copy equals the original', async () => {
    const file = (await exportOf(LOBBY)).rawPayload;
    const preview = await importInto(NORTH, 'preview', file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      applied: false,
      format: 'xlsx',
      tables: ['topics', 'keywords', 'responses'],
      categories_created: ['Facilities', 'Shops', 'Shops > Food'],
      topics_created: ['Parking', 'Restaurants', 'Vegan restaurants'],
      topics_changed: [],
      keywords: 4,
      keyword_kinds: { keyword: 3, phrase: 1, blank: 0 },
      blank_kind: null,
      responses: 3,
      errors: [],
    });
    expect(await data('GET', `/ai_config/intents/category?device_id=${NORTH}`)).toEqual([]);
    expect((await call('GET', `/ai_config/intents/intent?device_id=${NORTH}`)).json().total).toBe(0);

    const applied = await importInto(NORTH, 'apply', file);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({ ...preview.json().data, applied: true });
    const [lobby, north] = await Promise.all([snapshot(LOBBY), snapshot(NORTH)]);
    expect(north.topics).toEqual(lobby.topics);
    // Categories no topic uses are not in the workbook.
    expect(north.categories).toEqual(lobby.categories.filter((c) => c !== 'Empty one'));
    const buttons = north.topics.find((tp) => tp.name === 'Restaurants')!.responses[0] as {
      contents: { values: unknown[] }[];
    };
    expect(buttons.contents[1]!.values).toEqual([
      { text: 'Chinese', payload: 'chinese food' },
      { text: 'Western', payload: 'western food' },
      { text: 'Vegan', payload: 'Vegan restaurants' },
      { text: '', payload: '' },
    ]);
  });

  it('imports a workbook saved by LibreOffice Calc as the export it came from', async () => {
    const saved = await savedByLibreOffice((await exportOf(LOBBY)).rawPayload);
    // Calc writes its booleans as the formulas TRUE() and FALSE() with their values.
    const topics = (await readWorkbook(saved)).getWorksheet('Topics')!;
    expect(topics.getCell('D2').formula).toBe('FALSE()');
    const preview = await importInto(LOBBY, 'preview', saved);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      errors: [],
      categories_created: [],
      topics_created: [],
      topics_changed: [],
      keywords: 4,
      responses: 3,
    });
    // The other device holding the same copy (the test above) reads it as no change either.
    const north = await importInto(NORTH, 'preview', saved);
    expect(north.json().data).toMatchObject({ errors: [], topics_created: [], topics_changed: [] });
  });

  it('re-imports the same file as no change, and reports only what a changed file changes', async () => {
    const file = (await exportOf(LOBBY)).rawPayload;
    const again = await importInto(NORTH, 'apply', file);
    expect(again.json().data).toMatchObject({
      applied: true,
      categories_created: [],
      topics_created: [],
      topics_changed: [],
      errors: [],
    });
    // Keywords and responses were replaced, not added again.
    expect((await snapshot(NORTH)).topics).toEqual((await snapshot(LOBBY)).topics);

    const wb = await readWorkbook(file);
    const topics = wb.getWorksheet('Topics')!;
    topics.getCell('D2').value = true; // Parking turned on
    topics.getCell('C3').value = 'Shops > Dining'; // Restaurants moves; its sub-topic follows
    topics.addRow(['parking', '', 'Facilities', true, false, '', '']); // a duplicate, case aside
    const edited = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const dup = (await importInto(NORTH, 'apply', edited)).json().data;
    expect(dup.applied).toBe(false);
    expect(dup.errors).toEqual([
      { sheet: 'Topics', row: 5, column: 'Topic', message: '"parking" is already on row 2' },
    ]);

    topics.spliceRows(5, 1);
    const fixed = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const report = (await importInto(NORTH, 'apply', fixed)).json().data;
    expect(report).toMatchObject({
      applied: true,
      categories_created: ['Shops > Dining'],
      topics_created: [],
      // The sub-topic's category follows its parent's, so it changed too.
      topics_changed: ['Parking', 'Restaurants', 'Vegan restaurants'],
      errors: [],
    });
    const after = await snapshot(NORTH);
    expect(after.topics.map((tp) => [tp.name, tp.category, tp.is_activated])).toEqual([
      ['Parking', 'Facilities', true],
      ['Restaurants', 'Shops > Dining', true],
      ['Vegan restaurants', 'Shops > Dining', true],
    ]);
  });

  it('reports every problem with sheet, row and column, and applies nothing', async () => {
    const file = await workbookOf({
      Topics: [
        TOPIC_HEADERS,
        ['Alpha', '', 'Zeta > Eta', true, false, '', ''],
        ['Beta', 'Gamma', '', true, false, '', ''],
        ['Gamma', 'Beta', '', true, false, '', ''],
        ['Delta', 'Nowhere', '', 'maybe', false, '', 'dance'],
        ['Epsilon', '', '', true, false, '', ''],
      ],
      Keywords: [
        KEYWORD_HEADERS,
        ['Alpha', 'english', 'keyword', 'alpha'],
        ['Alpha', 'klingon', 'keyword', 'qapla'],
        ['Omega', 'english', 'keyword', 'omega'],
        ['Alpha', 'English', 'sentence', 'alpha two'],
        ['Alpha', 'english', 'phrase', 'ALPHA'],
      ],
      Responses: [
        RESPONSE_HEADERS,
        ['Alpha', 'english', 'chatbot', '', '', 'Hi', '[{"type":"text","values":["Hi"]'],
        ['Alpha', 'english', 'robot', '', '', 'Hi', '[]'],
        [
          'Alpha',
          'english',
          'chatbot',
          '',
          '',
          '',
          JSON.stringify([{ type: 'buttons', values: [{ text: 'x'.repeat(81), payload: '' }] }]),
        ],
        ['Alpha', 'english', 'chatbot', '', '', '', ''],
      ],
    });
    const res = await importInto(CHATBOT, 'apply', file);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.applied).toBe(false);
    const where = report.errors.map(
      (e: { sheet: string; row: number; column: string }) => `${e.sheet}!${e.row} ${e.column}`,
    );
    expect(where).toEqual([
      'Topics!3 Parent topic',
      'Topics!4 Parent topic',
      'Topics!5 Active',
      'Topics!5 Avatar motion',
      'Topics!5 Parent topic',
      'Topics!6 Category',
      'Keywords!3 Language',
      'Keywords!4 Topic',
      'Keywords!5 Kind',
      'Keywords!6 Text',
      'Responses!2 Contents',
      'Responses!3 Device type',
      'Responses!4 Contents',
      'Responses!5 Contents',
    ]);
    const message = (sheet: string, row: number, column: string) =>
      report.errors.find(
        (e: { sheet: string; row: number; column: string }) =>
          e.sheet === sheet && e.row === row && e.column === column,
      ).message;
    expect(message('Topics', 3, 'Parent topic')).toBe('Parent topics form a cycle: Beta → Gamma → Beta');
    expect(message('Topics', 5, 'Parent topic')).toMatch(/"Nowhere" is neither/);
    expect(message('Keywords', 4, 'Topic')).toBe('"Omega" is not in the Topics sheet');
    expect(message('Keywords', 6, 'Text')).toMatch(/already on row 2/);
    expect(message('Responses', 2, 'Contents')).toMatch(/^Not valid JSON/);
    expect(message('Responses', 4, 'Contents')).toBe('contents.0.values.0.text: Maximum 80 characters');
    expect(message('Responses', 5, 'Contents')).toBe('Text cannot be empty');

    expect((await call('GET', `/ai_config/intents/intent?device_id=${CHATBOT}`)).json().total).toBe(0);
    expect(await data('GET', `/ai_config/intents/category?device_id=${CHATBOT}`)).toEqual([]);
  });

  it('refuses what is not a workbook of this layout', async () => {
    const png = await importInto(CHATBOT, 'preview', TINY_PNG, 'topics.xlsx');
    expect(png.statusCode).toBe(415);
    expect(png.json()).toMatchObject({
      error: 'unsupported_type',
      message: 'This file is not an Excel workbook (.xlsx).',
    });

    const noTopics = await importInto(CHATBOT, 'preview', await workbookOf({ Sheet1: [['Topic']] }));
    expect(noTopics.statusCode).toBe(400);
    expect(noTopics.json()).toMatchObject({
      error: 'import_invalid',
      message: expect.stringMatching(/"Topics"/),
    });

    const badHeaders = await importInto(
      CHATBOT,
      'preview',
      await workbookOf({
        Topics: [['Name', 'Parent topic', 'Category', 'Active', 'Related intents', 'Remarks']],
      }),
    );
    expect(badHeaders.statusCode).toBe(400);
    expect(badHeaders.json().error).toBe('import_invalid');
    expect(badHeaders.json().message).toMatch(/missing the columns "Topic", "Avatar motion"/);

    const damaged = await importInto(
      CHATBOT,
      'preview',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]),
    );
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error).toBe('import_invalid');

    const tooBig = await importInto(
      CHATBOT,
      'preview',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(20 * 1024 * 1024)]),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('file_too_large');
  });

  it('asks for a file', async () => {
    const json = await call('POST', `/ai_config/intents/import?device_id=${CHATBOT}&mode=preview`, {});
    expect(json.statusCode).toBe(400);
    const boundary = '----acnofile';
    const fieldOnly = await t.app.inject({
      method: 'POST',
      url: `${I}/import?device_id=${CHATBOT}&mode=preview`,
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(fieldOnly.statusCode).toBe(400);
    expect(fieldOnly.json().error).toBe('no_file');
  });

  it('keeps answering from the previous topics while it learns an import, then says Ready', async () => {
    const { device } = await data('POST', '/admin_settings/devices', {
      description: 'Import Kiosk',
      kind: 'ambassador',
      languages: ['english'],
    });
    const cat = await data('POST', '/ai_config/intents/category', { device_id: device.id, name: 'Desk' });
    const parking = await data('POST', '/ai_config/intents/intent', {
      device_id: device.id,
      name: 'Parking',
      category_id: cat.category_id,
    });
    await data('POST', '/ai_config/intents/keywords', {
      device_id: device.id,
      intent_id: parking.id,
      language: 'english',
      text: 'parking',
    });
    const ask = (text: string) =>
      data('POST', '/ai_config/test_console', { device_id: device.id, language: 'english', text });
    const status = () => data('GET', `/ai_config/matcher_status?device_id=${device.id}`);
    expect((await ask('parking')).best?.intent_name).toBe('Parking');
    expect(await status()).toMatchObject({ device_id: device.id, state: 'ready', topics: 1 });

    // Enough phrases that the rebuild takes a while (hundreds of ms), as a real import does.
    const topics = syntheticTopics(150, 20);
    const file = await workbookOf({
      Topics: [TOPIC_HEADERS, ...topics.map((tp) => [tp.name, '', 'Imported', 'TRUE', '', '', ''])],
      Keywords: [
        KEYWORD_HEADERS,
        ...topics.flatMap((tp) => tp.examples.map((e) => [tp.name, 'english', 'phrase', e.text])),
      ],
    });
    const res = await importInto(device.id, 'apply', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/learning/);
    expect(res.json().data).toMatchObject({
      applied: true,
      matcher: { device_id: device.id, state: 'training' },
    });

    // Asked at once: the previous model answers, without waiting for the rebuild.
    const imported = topics[42]!;
    const started = performance.now();
    const during = await ask(imported.examples[0]!.text);
    const waited = performance.now() - started;
    expect((await status()).state).toBe('training');
    expect(during.best?.intent_name ?? null).not.toBe(imported.name);
    expect((await ask('parking')).best?.intent_name).toBe('Parking');
    expect(waited).toBeLessThan(1_000);

    // Then the new model takes over.
    await expect
      .poll(status, { timeout: 60_000, interval: 100 })
      .toMatchObject({ state: 'ready', topics: 151 });
    expect((await ask(imported.examples[0]!.text)).best?.intent_name).toBe(imported.name);
  });

  it("refuses another project's device", async () => {
    const other = await otherProject(t.database);
    const exported = await exportOf(other.deviceId);
    expect(exported.statusCode).toBe(403);
    const file = (await exportOf(LOBBY)).rawPayload;
    const imported = await importInto(other.deviceId, 'apply', file);
    expect(imported.statusCode).toBe(403);
    // Its own user exports its own device, empty but well-formed.
    const own = await login(t.app, other.username, other.password);
    const res = await t.app.inject({
      method: 'GET',
      url: `${I}/export?device_id=${other.deviceId}`,
      headers: own.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Other Kiosk-topics.xlsx"');
    const wb = await readWorkbook(res.rawPayload);
    expect(rowsOf(wb.getWorksheet('Topics')!)).toEqual([]);
  });
});
