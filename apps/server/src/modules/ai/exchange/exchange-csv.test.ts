import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, multipartFile, TINY_PNG } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot (2 and 3 empty). */
const LOBBY = 1;
const NORTH = 2;
const CHATBOT = 3;
const I = '/admin_panel/ai_config/intents';
const BOM = '\uFEFF';
const TOPIC_HEADER = 'Topic,Parent topic,Category,Active,Related intents,Remarks,Avatar motion';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** CSV text as Excel writes it: CRLF line ends. */
const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

async function workbookOf(sheets: Record<string, unknown[][]>) {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

describe.each(backends)('topics as CSV, and blank kinds, on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const call = (method: Method, path: string, payload?: object) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: admin.headers, ...(payload && { payload }) });
  const data = async (method: Method, path: string, payload?: object) => {
    const res = await call(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const exportOf = (device: number, query = '') =>
    t.app.inject({ method: 'GET', url: `${I}/export?device_id=${device}${query}`, headers: admin.headers });
  const importInto = (
    device: number,
    mode: 'preview' | 'apply',
    content: Buffer | string,
    name = 'keywords.csv',
    query = '',
  ) => {
    const body = multipartFile({
      name,
      content: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
      type: 'text/csv',
    });
    return t.app.inject({
      method: 'POST',
      url: `${I}/import?device_id=${device}&mode=${mode}${query}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const topicsOf = async (device: number) =>
    (await data('GET', `/ai_config/intents/intent?device_id=${device}&sort_by=name&order=asc&limit=100`)) as {
      id: number;
      intent_name: string;
      remarks: string;
      parent_name: string | null;
    }[];
  /** Every keyword of a device's topics as [topic, language, kind, text]. */
  const keywordsOf = async (device: number) => {
    const out: string[][] = [];
    for (const tp of await topicsOf(device)) {
      const rows = await data('GET', `/ai_config/intents/keywords?device_id=${device}&intent_id=${tp.id}`);
      for (const k of rows as { language: string; kind: string; text: string }[]) {
        out.push([tp.intent_name, k.language, k.kind, k.text]);
      }
    }
    return out;
  };
  /** What a device's topics hold, by name, without ids. */
  const snapshot = async (device: number) => {
    const out = [];
    for (const tp of await topicsOf(device)) {
      const responses = await data(
        'GET',
        `/ai_config/intents/responses?device_id=${device}&intent_id=${tp.id}`,
      );
      out.push({
        name: tp.intent_name,
        parent: tp.parent_name,
        remarks: tp.remarks,
        responses: responses.map(
          ({ id: _i, intent_id: _t, updated_at: _u, ...r }: Record<string, unknown>) => r,
        ),
      });
    }
    return { topics: out, keywords: await keywordsOf(device) };
  };

  beforeAll(async () => {
    const category = (name: string) =>
      data('POST', '/ai_config/intents/category', { device_id: LOBBY, name });
    const services = await category('Services');
    const topic = (name: string, body: object) =>
      data('POST', '/ai_config/intents/intent', {
        device_id: LOBBY,
        name,
        category_id: services.category_id,
        ...body,
      });
    const lost = await topic('Lost property', { remarks: '=HYPERLINK("x")' });
    await topic('停車場', { remarks: 'Level B2,\nnext to the lifts' });
    const keyword = (intent_id: number, language: string, text: string) =>
      data('POST', '/ai_config/intents/keywords', { device_id: LOBBY, intent_id, language, text });
    await keyword(lost.id, 'english', '-lost');
    await keyword(lost.id, 'english', 'lost, found');
    await data('POST', '/ai_config/intents/train', {
      device_id: LOBBY,
      intent_id: lost.id,
      language: 'english',
      text: 'I lost my "blue" bag',
    });
    await data('POST', '/ai_config/intents/responses', {
      device_id: LOBBY,
      intent_id: lost.id,
      language: 'english',
      device_type: 'ambassador',
      speech: 'Go to the desk;\nit is at gate 2.',
      contents: [{ type: 'text', values: ['Gate 2, "Info" desk'] }],
    });
  });

  it('exports one table as UTF-8 CSV with a BOM, text never read as a formula by Excel', async () => {
    const res = await exportOf(LOBBY, '&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="Main Lobby Ambassador-keywords.csv"`);
    expect(res.body).toBe(
      BOM +
        crlf(
          'Topic,Language,Kind,Text',
          "Lost property,english,keyword,'-lost",
          'Lost property,english,keyword,"lost, found"',
          'Lost property,english,phrase,"I lost my ""blue"" bag"',
        ),
    );
    const topics = await exportOf(LOBBY, '&format=csv&table=topics');
    expect(topics.headers['content-disposition']).toContain('-topics.csv"');
    expect(topics.body).toBe(
      BOM +
        crlf(
          TOPIC_HEADER,
          `Lost property,,Services,TRUE,FALSE,"'=HYPERLINK(""x"")",`,
          '停車場,,Services,TRUE,FALSE,"Level B2,\nnext to the lifts",',
        ),
    );
    // The workbook stays the default.
    const xlsx = await exportOf(LOBBY);
    expect(xlsx.headers['content-disposition']).toContain('-topics.xlsx"');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('round-trips a device through its three CSV tables', async () => {
    for (const table of ['topics', 'keywords', 'responses'] as const) {
      const file = (await exportOf(LOBBY, `&format=csv&table=${table}`)).rawPayload;
      const res = await importInto(NORTH, 'apply', file, `${table}.csv`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ applied: true, format: 'csv', tables: [table], errors: [] });
    }
    expect(await snapshot(NORTH)).toEqual(await snapshot(LOBBY));
  });

  it('reads a semicolon CSV without a BOM, a quoted newline keeping its record one row', async () => {
    const file =
      'Topic;Parent topic;Category;Active;Related intents;Remarks;Avatar motion\n' +
      'Bus;;Transport;yes;no;"Stops at gate 1;\ngate 3 and ""gate 5""";\n' +
      '巴士站;Bus;;;;;\n' +
      'Taxi;;Transport;perhaps;;;\n';
    const bad = await importInto(CHATBOT, 'preview', file, 'topics.csv');
    expect(bad.statusCode).toBe(200);
    // Row 4 as Excel numbers the records (the quoted newline is inside row 2), not line 5.
    expect(bad.json().data.errors).toEqual([
      { sheet: 'Topics', row: 4, column: 'Active', message: 'Must be TRUE or FALSE' },
    ]);
    const res = await importInto(CHATBOT, 'apply', file.replace('perhaps', 'FALSE'), 'topics.csv');
    expect(res.json().data).toMatchObject({
      applied: true,
      format: 'csv',
      tables: ['topics'],
      categories_created: ['Transport'],
      topics_created: ['Bus', '巴士站', 'Taxi'],
    });
    const topics = await topicsOf(CHATBOT);
    expect(topics.map((tp) => [tp.intent_name, tp.parent_name, tp.remarks])).toEqual([
      ['Bus', null, 'Stops at gate 1;\ngate 3 and "gate 5"'],
      ['Taxi', null, ''],
      ['巴士站', 'Bus', ''],
    ]);
  });

  it('reads comma CSV with a BOM, UTF-16 "Unicode Text" with tabs, and Chinese, onto the device’s topics', async () => {
    const utf8 =
      BOM +
      crlf(
        'Topic,Language,Kind,Text',
        'Bus,english,keyword,"bus, coach"',
        '巴士站,cantonese,phrase,巴士站喺邊度',
      );
    const preview = await importInto(CHATBOT, 'preview', utf8);
    expect(preview.json().data).toMatchObject({
      format: 'csv',
      tables: ['keywords'],
      topics_created: [],
      keywords: 2,
      keyword_kinds: { keyword: 1, phrase: 1, blank: 0 },
      errors: [],
    });
    expect(await keywordsOf(CHATBOT)).toEqual([]);
    expect((await importInto(CHATBOT, 'apply', utf8)).json().data.applied).toBe(true);
    expect(await keywordsOf(CHATBOT)).toEqual([
      ['Bus', 'english', 'keyword', 'bus, coach'],
      ['巴士站', 'cantonese', 'phrase', '巴士站喺邊度'],
    ]);

    // Excel's "Unicode Text": UTF-16LE with a BOM, tab-separated, named .txt. It names only Taxi, so
    // Bus and 巴士站 keep their keywords.
    const unicode = Buffer.from(
      BOM +
        crlf(
          'Topic\tLanguage\tKind\tText',
          'taxi\tenglish\tkeyword\tcab',
          'Taxi\tmandarin\tphrase\t的士在哪里',
        ),
      'utf16le',
    );
    const res = await importInto(CHATBOT, 'apply', unicode, 'keywords.txt');
    expect(res.json().data).toMatchObject({ applied: true, format: 'csv', keywords: 2, errors: [] });
    expect(await keywordsOf(CHATBOT)).toEqual([
      ['Bus', 'english', 'keyword', 'bus, coach'],
      ['Taxi', 'english', 'keyword', 'cab'],
      ['Taxi', 'mandarin', 'phrase', '的士在哪里'],
      ['巴士站', 'cantonese', 'phrase', '巴士站喺邊度'],
    ]);

    const unknown = await importInto(
      CHATBOT,
      'apply',
      crlf('Topic,Language,Kind,Text', 'Ferry,english,keyword,boat'),
    );
    expect(unknown.json().data).toMatchObject({
      applied: false,
      errors: [
        { sheet: 'Keywords', row: 2, column: 'Topic', message: '"Ferry" is not a topic of this device' },
      ],
    });
  });

  it('counts blank kinds, refuses to apply them unanswered, and applies the answer given', async () => {
    const file = crlf(
      'Topic,Language,Kind,Text',
      'Taxi,english,keyword,taxi rank',
      'Taxi,english,,where can I get a taxi',
      'Taxi,english,phrase,I need a cab',
      'Taxi,english, ,taxi to the airport',
      'Taxi,cantonese,,邊度有的士',
    );
    const before = await keywordsOf(CHATBOT);
    const preview = await importInto(CHATBOT, 'preview', file);
    expect(preview.json().data).toMatchObject({
      applied: false,
      keywords: 5,
      keyword_kinds: { keyword: 1, phrase: 1, blank: 3 },
      blank_kind: null,
      errors: [],
    });

    const unanswered = await importInto(CHATBOT, 'apply', file);
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json()).toMatchObject({
      success: false,
      error: 'import_kind_required',
      message: expect.stringMatching(/^3 Keywords rows have no Kind/),
    });
    expect(await keywordsOf(CHATBOT)).toEqual(before);

    const wrong = await importInto(CHATBOT, 'apply', file, 'keywords.csv', '&blank_kind=sentence');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('validation_error');

    const answered = await importInto(CHATBOT, 'apply', file, 'keywords.csv', '&blank_kind=phrase');
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({
      applied: true,
      keyword_kinds: { keyword: 1, phrase: 1, blank: 3 },
      blank_kind: 'phrase',
    });
    const taxi = (await keywordsOf(CHATBOT)).filter(([topic]) => topic === 'Taxi');
    expect(taxi).toEqual([
      ['Taxi', 'english', 'keyword', 'taxi rank'],
      ['Taxi', 'english', 'phrase', 'where can I get a taxi'],
      ['Taxi', 'english', 'phrase', 'I need a cab'],
      ['Taxi', 'english', 'phrase', 'taxi to the airport'],
      ['Taxi', 'cantonese', 'phrase', '邊度有的士'],
    ]);

    // A workbook is asked the same; the answer "keyword" makes them keywords.
    const xlsx = await workbookOf({
      Keywords: [
        ['Topic', 'Language', 'Kind', 'Text'],
        ['Bus', 'english', null, 'bus stop'],
      ],
    });
    expect((await importInto(CHATBOT, 'apply', xlsx, 'topics.xlsx')).json().error).toBe(
      'import_kind_required',
    );
    const applied = await importInto(CHATBOT, 'apply', xlsx, 'topics.xlsx', '&blank_kind=keyword');
    expect(applied.json().data).toMatchObject({ applied: true, format: 'xlsx', blank_kind: 'keyword' });
    expect((await keywordsOf(CHATBOT)).filter(([topic]) => topic === 'Bus')).toEqual([
      ['Bus', 'english', 'keyword', 'bus stop'],
    ]);
  });

  it('refuses a file whose content is not what its name says, with what it really is', async () => {
    const xlsx = (await exportOf(LOBBY)).rawPayload;
    const cases: [string, Buffer | string, number, string, RegExp][] = [
      ['topics.csv', xlsx, 415, 'import_csv_is_workbook', /named \.csv but is an Excel workbook/],
      ['topics.xlsx', crlf('Topic,Language,Kind,Text'), 415, 'import_xlsx_is_text', /holds text/],
      ['keywords.csv', TINY_PNG, 415, 'import_not_text', /not a text \(CSV\) file/],
      ['upload', TINY_PNG, 415, 'unsupported_type', /neither an Excel workbook/],
      [
        'keywords.csv',
        Buffer.concat([
          Buffer.from('Topic,Language,Kind,Text\r\nCaf\xe9,english,keyword,', 'latin1'),
          Buffer.from([0xb0, 0xb1, 0xa8, 0xae]),
        ]),
        400,
        'import_text_encoding',
        /not UTF-8 or UTF-16/,
      ],
      [
        'keywords.csv',
        'Name,Words\r\nBus,bus\r\n',
        400,
        'import_invalid',
        /does not name the columns of one table/,
      ],
      [
        'keywords.csv',
        'Topic,Language,Kind,Text\r\nBus,english,keyword,"bus\r\n',
        400,
        'import_invalid',
        /quoted text is never closed/,
      ],
      [
        'keywords.csv',
        'Topic,Language,Text\r\nBus,english,bus\r\n',
        400,
        'import_invalid',
        /missing the column "Kind"/,
      ],
    ];
    const before = await keywordsOf(CHATBOT);
    for (const [name, content, status, error, message] of cases) {
      const res = await importInto(CHATBOT, 'apply', content, name);
      expect([name, res.statusCode, res.json().error]).toEqual([name, status, error]);
      expect(res.json().message).toMatch(message);
    }
    // A renamed workbook with no name we know is still read by its bytes.
    expect((await importInto(NORTH, 'preview', xlsx, 'download')).json().data.format).toBe('xlsx');
    expect(await keywordsOf(CHATBOT)).toEqual(before);
  });

  it('holds CSV files to the workbook limits', async () => {
    const rows = `Topic,Language,Kind,Text\n${'Bus,english,keyword,x\n'.repeat(300_001)}`;
    const tooMany = await importInto(CHATBOT, 'preview', rows);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({
      error: 'import_too_large',
      message: expect.stringMatching(/more than 300,000 rows/),
    });
    const sheetRows = `Topic,Language,Kind,Text\n${'Bus,english,keyword,x\n'.repeat(100_001)}`;
    const res = await importInto(CHATBOT, 'preview', sheetRows);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/more than 100,000 rows/);
  });
});
