import { ZCreateResponseRequest } from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../fold.js';
import type { CategoryRow, TopicRow } from '../topics/repo.js';
import { planImport, type DeviceState } from './planner.js';
import type { KeywordLine, ParsedFile, ResponseLine, TopicLine } from './xlsx-parse.js';

// Plain data in, a plan out: no database, no workbook.

const AT = new Date('2026-01-01T00:00:00Z');
const DEVICE = 1;

const category = (id: number, name: string, parentId: number | null = null): CategoryRow => ({
  id,
  deviceId: DEVICE,
  parentId,
  name,
  createdAt: AT,
});

const topic = (id: number, name: string, categoryId: number, more: Partial<TopicRow> = {}): TopicRow => ({
  id,
  deviceId: DEVICE,
  categoryId,
  parentId: null,
  name,
  remarks: '',
  isActivated: true,
  isEnabledRelatedIntents: false,
  avatarMotion: null,
  createdAt: AT,
  updatedAt: AT,
  ...more,
});

/** A Topics row as the parser hands it over: a top-level topic names its category path. */
const line = (row: number, name: string, more: Partial<TopicLine> = {}): TopicLine => ({
  row,
  name,
  key: fold(name),
  parent: '',
  path: undefined,
  active: null,
  related: null,
  remarks: '',
  motion: null,
  ...more,
});

const keyword = (
  topicName: string,
  text: string,
  kind: KeywordLine['kind'] = 'keyword',
  row = 2,
): KeywordLine => ({
  row,
  topicKey: fold(topicName),
  topicName,
  language: 'english',
  kind,
  text,
  norm: fold(text),
});

const response = (topicName: string, speech: string): ResponseLine => {
  const {
    device_id: _d,
    intent_id: _i,
    ...fields
  } = ZCreateResponseRequest.parse({
    device_id: DEVICE,
    intent_id: 1,
    language: 'english',
    device_type: 'ambassador',
    speech,
  });
  return { row: 2, topicKey: fold(topicName), topicName, fields };
};

const file = (topics: TopicLine[] | null, more: Partial<ParsedFile> = {}): ParsedFile => ({
  format: 'xlsx',
  tables: ['topics'],
  topics,
  keywords: null,
  responses: null,
  issues: [],
  ...more,
});

const empty: DeviceState = { categories: [], topics: [] };

describe('planImport', () => {
  it('creates the categories of a path and the new topics in them, with stand-in ids below zero', () => {
    const plan = planImport(
      empty,
      file([
        line(2, 'Bus routes', { path: ['Transport', 'Buses'] }),
        line(3, 'Taxi stand', { path: ['Transport'], active: false, remarks: 'by the east exit' }),
      ]),
    );
    expect(plan.newCategories).toEqual([
      { id: -1, parentId: null, name: 'Transport' },
      { id: -2, parentId: -1, name: 'Buses' },
    ]);
    expect(plan.newTopics).toEqual([
      {
        id: -1,
        name: 'Bus routes',
        parentId: null,
        categoryId: -2,
        isActivated: true,
        isEnabledRelatedIntents: false,
        remarks: '',
        avatarMotion: null,
      },
      {
        id: -2,
        name: 'Taxi stand',
        parentId: null,
        categoryId: -1,
        isActivated: false,
        isEnabledRelatedIntents: false,
        remarks: 'by the east exit',
        avatarMotion: null,
      },
    ]);
    expect(plan.updates).toEqual([]);
    expect(plan.moves).toEqual([]);
    expect(plan.report).toEqual({
      applied: false,
      format: 'xlsx',
      tables: ['topics'],
      categories_created: ['Transport', 'Transport > Buses'],
      topics_created: ['Bus routes', 'Taxi stand'],
      topics_changed: [],
      keywords: 0,
      keyword_kinds: { keyword: 0, phrase: 0, blank: 0 },
      blank_kind: null,
      responses: 0,
      errors: [],
    });
  });

  it("uses the device's categories, matched per parent and ignoring case", () => {
    const state: DeviceState = {
      categories: [category(10, 'Transport'), category(11, 'Buses', 10), category(12, 'Buses')],
      topics: [],
    };
    const plan = planImport(
      state,
      file([
        line(2, 'Bus routes', { path: ['transport', 'BUSES'] }),
        line(3, 'Coaches', { path: ['Buses'] }),
        line(4, 'Trams', { path: ['Transport', 'Trams'] }),
      ]),
    );
    expect(plan.newCategories).toEqual([{ id: -1, parentId: 10, name: 'Trams' }]);
    expect(plan.report.categories_created).toEqual(['Transport > Trams']);
    expect(plan.newTopics.map((t) => [t.name, t.categoryId])).toEqual([
      ['Bus routes', 11],
      ['Coaches', 12],
      ['Trams', -1],
    ]);
  });

  it('updates a topic the device has only where the file changes it; blanks keep what it has', () => {
    const state: DeviceState = {
      categories: [category(10, 'Info'), category(11, 'Shops')],
      topics: [
        topic(1, 'Parking', 10, { isActivated: false, isEnabledRelatedIntents: true, remarks: 'B2' }),
        topic(2, 'Wi-Fi', 10, { remarks: 'free', avatarMotion: 'tilt' }),
        topic(3, 'Opening hours', 10),
      ],
    };
    const plan = planImport(
      state,
      file([
        // The same values (blank Active / Related intents keep the device's): no change.
        line(2, 'Parking', { path: ['Info'], remarks: 'B2' }),
        line(3, 'wi-fi', { path: ['Info'], remarks: 'free, no password', motion: 'tilt' }),
        line(4, 'Opening hours', { path: ['Shops'], active: true, related: true }),
      ]),
    );
    expect(plan.newTopics).toEqual([]);
    expect(plan.newCategories).toEqual([]);
    expect(plan.updates).toEqual([
      {
        id: 2,
        parentId: null,
        categoryId: 10,
        isActivated: true,
        isEnabledRelatedIntents: false,
        remarks: 'free, no password',
        avatarMotion: 'tilt',
      },
      {
        id: 3,
        parentId: null,
        categoryId: 11,
        isActivated: true,
        isEnabledRelatedIntents: true,
        remarks: '',
        avatarMotion: null,
      },
    ]);
    // Reported under the device's own spelling of the name.
    expect(plan.report.topics_changed).toEqual(['Wi-Fi', 'Opening hours']);
    expect(plan.report.topics_created).toEqual([]);
  });

  it('takes a name the device has in another case, width or script as that topic, not a duplicate', () => {
    const state: DeviceState = {
      categories: [category(10, '交通'), category(11, '停車')],
      topics: [topic(1, '停車場', 11), topic(2, 'ＷｉＦｉ', 10)],
    };
    const plan = planImport(
      state,
      file([
        line(2, '停车场', { path: ['停车'], remarks: '地庫二樓' }),
        line(3, 'wifi', { path: ['交通'] }),
        line(4, '洗手間', { path: ['交通', '設施'] }),
      ]),
    );
    expect(plan.newTopics.map((t) => t.name)).toEqual(['洗手間']);
    expect(plan.updates).toEqual([expect.objectContaining({ id: 1, categoryId: 11, remarks: '地庫二樓' })]);
    expect(plan.report).toMatchObject({
      categories_created: ['交通 > 設施'],
      topics_created: ['洗手間'],
      topics_changed: ['停車場'],
      errors: [],
    });
    expect(plan.newCategories).toEqual([{ id: -1, parentId: 10, name: '設施' }]);
  });

  it("puts sub-topics under their parent, in the parent's category, parents first", () => {
    const state: DeviceState = {
      categories: [category(10, 'Transport'), category(11, 'Parking')],
      topics: [topic(1, 'Car park', 11)],
    };
    const plan = planImport(
      state,
      file([
        // Listed before its parent, and with a Category cell the parser ignores for sub-topics.
        line(2, 'Night buses', { parent: 'bus routes' }),
        line(3, 'Bus routes', { path: ['Transport'] }),
        line(4, 'EV charging', { parent: 'Car park' }),
      ]),
    );
    expect(plan.newTopics.map((t) => [t.name, t.id, t.parentId, t.categoryId])).toEqual([
      ['Bus routes', -2, null, 10],
      ['Night buses', -1, -2, 10],
      ['EV charging', -3, 1, 11],
    ]);
    expect(plan.report.errors).toEqual([]);
  });

  it('moves sub-topics the file leaves out along with a parent that changes category', () => {
    const state: DeviceState = {
      categories: [category(10, 'Transport'), category(11, 'Parking')],
      topics: [topic(1, 'Car park', 10), topic(2, 'EV charging', 10, { parentId: 1 }), topic(3, 'Taxis', 10)],
    };
    const plan = planImport(state, file([line(2, 'Car park', { path: ['Parking'] })]));
    expect(plan.updates).toEqual([expect.objectContaining({ id: 1, categoryId: 11 })]);
    expect(plan.moves).toEqual([{ id: 2, categoryId: 11 }]);
  });

  it('reports a parent neither in the file nor on the device, and plans nothing for that row', () => {
    const plan = planImport(
      empty,
      file([line(2, 'Platforms', { path: ['Transport'] }), line(3, 'Night buses', { parent: 'Bus routes' })]),
    );
    expect(plan.report.errors).toEqual([
      {
        sheet: 'Topics',
        row: 3,
        column: 'Parent topic',
        message: '"Bus routes" is neither in the Topics sheet nor on this device',
      },
    ]);
    expect(plan.newTopics.map((t) => t.name)).toEqual(['Platforms']);
  });

  it('reports parent topics that form a cycle on each of their rows', () => {
    const plan = planImport(
      empty,
      file([line(2, 'Gate A', { parent: 'Gate B' }), line(3, 'Gate B', { parent: 'Gate A' })]),
    );
    expect(plan.report.errors).toEqual([
      {
        sheet: 'Topics',
        row: 2,
        column: 'Parent topic',
        message: 'Parent topics form a cycle: Gate A → Gate B → Gate A',
      },
      {
        sheet: 'Topics',
        row: 3,
        column: 'Parent topic',
        message: 'Parent topics form a cycle: Gate B → Gate A → Gate B',
      },
    ]);
    expect(plan.newTopics).toEqual([]);
  });

  it("keeps the parser's issues with its own, in sheet and row order", () => {
    const parsed = [
      { sheet: 'Keywords', row: 2, column: 'Language', message: 'Invalid option' },
      { sheet: 'Topics', row: 5, column: 'Category', message: 'Please select a category' },
    ];
    const plan = planImport(empty, file([line(3, 'Orphan', { parent: 'Nobody' })], { issues: parsed }));
    expect(plan.report.errors.map((e) => [e.sheet, e.row, e.column])).toEqual([
      ['Topics', 3, 'Parent topic'],
      ['Topics', 5, 'Category'],
      ['Keywords', 2, 'Language'],
    ]);
  });

  it('replaces the keywords and responses of the topics in the file only when the file has those sheets', () => {
    const state: DeviceState = {
      categories: [category(10, 'Info')],
      topics: [topic(1, 'Parking', 10), topic(2, 'Lost property', 10)],
    };
    const lines = [line(2, 'Parking', { path: ['Info'] }), line(3, 'Wi-Fi', { path: ['Info'] })];
    const withSheets = planImport(
      state,
      file(lines, {
        keywords: [keyword('parking', 'car park'), keyword('WI-FI', 'internet')],
        responses: [response('Wi-Fi', 'The network is Guest.')],
      }),
    );
    expect(withSheets.clearKeywords).toEqual([1]);
    expect(withSheets.clearResponses).toEqual([1]);
    expect(withSheets.keywords).toEqual([
      { topicId: 1, language: 'english', kind: 'keyword', text: 'car park', norm: 'car park' },
      { topicId: -1, language: 'english', kind: 'keyword', text: 'internet', norm: 'internet' },
    ]);
    expect(withSheets.responses).toEqual([
      { topicId: -1, fields: expect.objectContaining({ speech: 'The network is Guest.' }) },
    ]);
    expect(withSheets.report).toMatchObject({ keywords: 2, responses: 1 });

    // Without the sheets, what the topics already have is left alone.
    const without = planImport(state, file(lines));
    expect(without).toMatchObject({ clearKeywords: [], clearResponses: [], keywords: [], responses: [] });
    expect(without.report).toMatchObject({ keywords: 0, responses: 0 });
  });

  it('counts the kinds, and plans blank-kind rows only as the choice says', () => {
    const state: DeviceState = { categories: [category(10, 'Info')], topics: [topic(1, 'Parking', 10)] };
    const parsed = file([line(2, 'Parking', { path: ['Info'] })], {
      keywords: [
        keyword('Parking', 'car park'),
        keyword('Parking', 'where do I park', 'phrase'),
        keyword('Parking', 'parking fee', null),
        keyword('Parking', 'how much is parking', null),
      ],
    });
    const unanswered = planImport(state, parsed);
    expect(unanswered.report).toMatchObject({
      keywords: 4,
      keyword_kinds: { keyword: 1, phrase: 1, blank: 2 },
      blank_kind: null,
    });
    // Never a silent default: without the operator's answer, those rows are not in the plan.
    expect(unanswered.keywords.map((k) => [k.text, k.kind])).toEqual([
      ['car park', 'keyword'],
      ['where do I park', 'phrase'],
    ]);

    const phrases = planImport(state, parsed, 'phrase');
    expect(phrases.report).toMatchObject({
      keyword_kinds: { keyword: 1, phrase: 1, blank: 2 },
      blank_kind: 'phrase',
    });
    expect(phrases.keywords.map((k) => [k.text, k.kind])).toEqual([
      ['car park', 'keyword'],
      ['where do I park', 'phrase'],
      ['parking fee', 'phrase'],
      ['how much is parking', 'phrase'],
    ]);
  });

  it('without a Topics sheet, puts the rows on the device’s topics and replaces only those topics’', () => {
    const state: DeviceState = {
      categories: [category(10, 'Info')],
      topics: [topic(1, 'Parking', 10), topic(2, 'Lost property', 10), topic(3, '停車場', 10)],
    };
    const plan = planImport(
      state,
      file(null, {
        tables: ['keywords'],
        keywords: [
          keyword('parking', 'car park', 'keyword', 2),
          keyword('停车场', '泊车', 'phrase', 3),
          keyword('Valet', 'valet', 'keyword', 4),
        ],
      }),
    );
    expect(plan.report.errors).toEqual([
      { sheet: 'Keywords', row: 4, column: 'Topic', message: '"Valet" is not a topic of this device' },
    ]);
    expect(plan.keywords.map((k) => [k.topicId, k.text])).toEqual([
      [1, 'car park'],
      [3, '泊车'],
    ]);
    expect(plan.clearKeywords).toEqual([1, 3]);
    expect(plan.clearResponses).toEqual([]);
    expect(plan).toMatchObject({ newTopics: [], updates: [], moves: [], newCategories: [] });
  });

  it('leaves its input as it was and plans the same twice', () => {
    const state: DeviceState = {
      categories: [category(10, 'Info')],
      topics: [topic(1, 'Parking', 10), topic(2, 'EV charging', 10, { parentId: 1 })],
    };
    const parsed = file(
      [line(2, 'Parking', { path: ['Shops', 'Food'] }), line(3, 'Valet', { parent: 'Parking' })],
      { keywords: [keyword('Valet', 'valet')], responses: [] },
    );
    const before = structuredClone({ state, parsed });
    const first = planImport(state, parsed);
    expect({ state, parsed }).toEqual(before);
    expect(planImport(state, parsed)).toEqual(first);
  });
});
