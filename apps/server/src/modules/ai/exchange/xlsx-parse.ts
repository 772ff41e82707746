import type { AvatarMotion, ExchangeTable, ImportFormat, ImportIssue, Language } from '@ambassador/contracts';
import {
  EXCHANGE_TABLES,
  ZAvatarMotion,
  LEGACY_AVATAR_MOTIONS,
  ZCategoryName,
  ZCreateResponseRequest,
  ZCreateTopicRequest,
  ZKeywordText,
  ZLanguage,
  ZTopicName,
} from '@ambassador/contracts';
import type { z } from 'zod';
import { badRequest } from '../../../lib/errors.js';
import { fold } from '../fold.js';
import type { PlainWorkbook } from '../../../lib/spreadsheet/xlsx-plain.js';
import { findSheet, sheetRows as rowsOf, type SheetRow } from '../../../lib/spreadsheet/sheet-rows.js';
import type { ResponseFields } from '../responses/service.js';

/**
 * The topics workbook's layout, and the reading of an uploaded one (or of a CSV file holding one of
 * its sheets, csv-read.ts) line by line into what the import plans from. Pure (no database): it
 * runs in the import's worker thread (import-worker.ts).
 */

// ---------------------------------------------------------------- layout

/** [header, width]; headers are what the import looks columns up by (in any order). */
export const TOPIC_COLUMNS = [
  ['Topic', 32],
  ['Parent topic', 32],
  ['Category', 36],
  ['Active', 10],
  ['Related intents', 16],
  ['Remarks', 40],
  ['Avatar motion', 16],
] as const;
export const KEYWORD_COLUMNS = [
  ['Topic', 32],
  ['Language', 14],
  ['Kind', 10],
  ['Text', 48],
] as const;
export const RESPONSE_COLUMNS = [
  ['Topic', 32],
  ['Language', 14],
  ['Device type', 14],
  ['Response aim', 20],
  ['Response type', 16],
  ['Speech', 48],
  ['Contents', 80],
  // Not in the console's editor, but a stored field: without it a round trip would erase it.
  ['Custom content', 30],
] as const;
/** Columns a hand-made workbook may leave out. */
const OPTIONAL_COLUMNS = new Set(['custom content']);

export const SHEET = { topics: 'Topics', keywords: 'Keywords', responses: 'Responses' } as const;
/** Each table's columns, by the table's name in the contracts. */
export const TABLE_COLUMNS = {
  topics: TOPIC_COLUMNS,
  keywords: KEYWORD_COLUMNS,
  responses: RESPONSE_COLUMNS,
} as const satisfies Record<ExchangeTable, readonly (readonly [string, number])[]>;
export const PATH_SEPARATOR = ' > ';

/** More rows than any device holds (a few thousand topics): refuse rather than grind. */
const MAX_ROWS = 100_000;
/** A file of garbage would otherwise answer with a million issues. */
export const MAX_ISSUES = 500;
export const ZRemarks = ZCreateTopicRequest.shape.remarks;

const sheetOrder = (name: string) => Object.values(SHEET).indexOf(name as never);
/** Issues in sheet and row order, at most MAX_ISSUES of them (collection stops just past it). */
export function listed(issues: ImportIssue[]): ImportIssue[] {
  const sorted = [...issues].sort((a, b) => sheetOrder(a.sheet) - sheetOrder(b.sheet) || a.row - b.row);
  if (sorted.length <= MAX_ISSUES) return sorted;
  const more = {
    sheet: '',
    row: 0,
    column: '',
    message: `More than ${MAX_ISSUES} problems: fix these first.`,
  };
  return [...sorted.slice(0, MAX_ISSUES), more];
}
const invalid = (message: string) => badRequest(message, 'import_invalid');

/** Checks the header row and returns the data rows that hold anything. */
const sheetRows = (ws: Parameters<typeof rowsOf>[0], columns: readonly (readonly [string, number])[]) =>
  rowsOf(
    ws,
    columns.map(([h]) => h),
    { optional: OPTIONAL_COLUMNS, maxRows: MAX_ROWS },
  );

// ---------------------------------------------------------------- the file, checked line by line

export interface TopicLine {
  row: number;
  name: string;
  key: string;
  parent: string;
  /** Category path (top-level topics); undefined when invalid or not needed. */
  path: string[] | undefined;
  /** null: blank, so a new topic takes the default and an existing one keeps its value. */
  active: boolean | null;
  related: boolean | null;
  remarks: string;
  motion: AvatarMotion | null;
}
/** Where a Keywords or Responses row names its topic. */
export interface TopicRef {
  row: number;
  /** The folded name, as in TopicLine.key. */
  topicKey: string;
  /** The name as typed, to find it on the device when the file has no Topics sheet. */
  topicName: string;
}
export interface KeywordLine extends TopicRef {
  language: Language;
  /** null: the Kind cell is blank, so the import's `blank_kind` decides. */
  kind: 'keyword' | 'phrase' | null;
  text: string;
  norm: string;
}
export interface ResponseLine extends TopicRef {
  fields: ResponseFields;
}
export interface ParsedFile {
  format: ImportFormat;
  /** The tables the file holds, in the workbook's order. */
  tables: ExchangeTable[];
  /** null: no Topics sheet, so the other sheets' rows name topics of the device. */
  topics: TopicLine[] | null;
  /** null: the sheet is absent, so the topics' keywords (or responses) are left as they are. */
  keywords: KeywordLine[] | null;
  responses: ResponseLine[] | null;
  issues: ImportIssue[];
}

const RESPONSE_FIELD_COLUMNS: Record<string, string> = {
  language: 'Language',
  device_type: 'Device type',
  response_aim: 'Response aim',
  response_type: 'Response type',
  speech: 'Speech',
  custom_content: 'Custom content',
  contents: 'Contents',
};

/** Words a Kind cell may hold, lower case, for each kind. */
const KIND_WORDS: Record<string, 'keyword' | 'phrase'> = {
  keyword: 'keyword',
  phrase: 'phrase',
  'trained phrase': 'phrase',
  'training phrase': 'phrase',
};

/** Files a problem at a sheet's row and column (collection stops just past MAX_ISSUES). */
type Issue = (sheet: string, row: number, column: string, message: string) => void;

/** The sheets the file holds, their header rows checked (all of them, before any row is judged). */
function tablesOf(wb: PlainWorkbook) {
  const topicsSheet = findSheet(wb, SHEET.topics);
  const keywordsSheet = findSheet(wb, SHEET.keywords);
  const responsesSheet = findSheet(wb, SHEET.responses);
  // Keywords or responses alone (a CSV file holds one table) are for topics already on the device.
  if (!topicsSheet && !keywordsSheet && !responsesSheet) {
    throw invalid(
      `The workbook has no sheet named "${SHEET.topics}", "${SHEET.keywords}" or "${SHEET.responses}".`,
    );
  }
  const tables = EXCHANGE_TABLES.filter(
    (t) => ({ topics: topicsSheet, keywords: keywordsSheet, responses: responsesSheet })[t] !== undefined,
  );
  return {
    tables,
    topicRows: topicsSheet ? sheetRows(topicsSheet, TOPIC_COLUMNS) : null,
    keywordRows: keywordsSheet ? sheetRows(keywordsSheet, KEYWORD_COLUMNS) : null,
    responseRows: responsesSheet ? sheetRows(responsesSheet, RESPONSE_COLUMNS) : null,
  };
}

/** A reader for one row: each accessor reports its own problem and answers undefined. */
function rowReader(issue: Issue, sheet: string, r: SheetRow) {
  const text = (column: string): string | undefined => {
    const c = r.get(column);
    if ('problem' in c) {
      issue(sheet, r.row, column, c.problem);
      return undefined;
    }
    return c.value === null ? '' : String(c.value);
  };
  const parse = <S extends z.ZodType>(column: string, schema: S, value: unknown): z.output<S> | undefined => {
    const res = schema.safeParse(value);
    if (res.success) return res.data;
    issue(sheet, r.row, column, [...new Set(res.error.issues.map((i) => i.message))].join('; '));
    return undefined;
  };
  const bool = (column: string): boolean | null | undefined => {
    const c = r.get(column);
    if ('problem' in c) return void issue(sheet, r.row, column, c.problem);
    if (typeof c.value === 'boolean') return c.value;
    const s = (c.value ?? '').trim().toLowerCase();
    if (s === '') return null;
    if (['true', 'yes', '1'].includes(s)) return true;
    if (['false', 'no', '0'].includes(s)) return false;
    return void issue(sheet, r.row, column, 'Must be TRUE or FALSE');
  };
  return { text, parse, bool };
}

/** The Topics sheet's rows, each checked; a name on two rows is taken from the first. */
function readTopics(rows: SheetRow[], issue: Issue) {
  // Names in the Topics sheet as typed, even invalid ones: other sheets are checked against these.
  const namedInTopics = new Set<string>();
  for (const r of rows) {
    const c = r.get('Topic');
    if ('value' in c && c.value !== null && String(c.value).trim()) namedInTopics.add(fold(String(c.value)));
  }
  const topics: TopicLine[] = [];
  const topicRowOf = new Map<string, number>();
  for (const r of rows) {
    const { text, parse, bool } = rowReader(issue, SHEET.topics, r);
    const name = parse('Topic', ZTopicName, text('Topic') ?? '');
    const parent = (text('Parent topic') ?? '').trim();
    const categoryText = (text('Category') ?? '').trim();
    let path: string[] | undefined;
    // A sub-topic takes its parent's category: its Category cell is for reading only.
    if (parent === '') {
      if (categoryText === '') issue(SHEET.topics, r.row, 'Category', 'Please select a category');
      else {
        const parts = categoryText.split(/\s+>\s+/).map((p) => parse('Category', ZCategoryName, p));
        const valid = parts.filter((p): p is string => p !== undefined);
        if (valid.length === parts.length) path = valid;
      }
    }
    const active = bool('Active');
    const related = bool('Related intents');
    const remarks = parse('Remarks', ZRemarks, text('Remarks') ?? '');
    const motionText = (text('Avatar motion') ?? '').trim().toLowerCase();
    // A file exported before the photo avatars may name an old gesture (wave, point, thumbs_up).
    const motion =
      motionText === ''
        ? null
        : parse('Avatar motion', ZAvatarMotion, LEGACY_AVATAR_MOTIONS[motionText] ?? motionText);
    if (name === undefined) continue;
    const key = fold(name);
    const earlier = topicRowOf.get(key);
    if (earlier !== undefined) {
      issue(SHEET.topics, r.row, 'Topic', `"${name}" is already on row ${earlier}`);
      continue;
    }
    topicRowOf.set(key, r.row);
    if (fold(parent) === key) issue(SHEET.topics, r.row, 'Parent topic', 'A topic cannot be its own parent');
    topics.push({
      row: r.row,
      name,
      key,
      parent,
      path,
      active: active ?? null,
      related: related ?? null,
      remarks: remarks ?? '',
      motion: motion ?? null,
    });
  }
  return { topics, namedInTopics, topicRowOf };
}

/**
 * The Topic cell of a Keywords or Responses row: must name a topic of the Topics sheet (`read`, when
 * the file has one), or, without one, a topic of the device (the planner checks that).
 */
function topicRefs(issue: Issue, read: ReturnType<typeof readTopics> | null) {
  return (sheet: string, r: SheetRow, text: (c: string) => string | undefined): TopicRef | undefined => {
    const name = (text('Topic') ?? '').trim();
    if (name === '') return void issue(sheet, r.row, 'Topic', 'Topic Name is required');
    const key = fold(name);
    if (!read) return { row: r.row, topicKey: key, topicName: name };
    if (!read.namedInTopics.has(key)) {
      return void issue(sheet, r.row, 'Topic', `"${name}" is not in the ${SHEET.topics} sheet`);
    }
    return read.topicRowOf.has(key) ? { row: r.row, topicKey: key, topicName: name } : undefined;
  };
}
type TopicOf = ReturnType<typeof topicRefs>;

/** The Keywords sheet's rows, each checked; a text once per topic and language. */
function readKeywords(rows: SheetRow[], issue: Issue, topicOf: TopicOf): KeywordLine[] {
  const keywords: KeywordLine[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const { text, parse } = rowReader(issue, SHEET.keywords, r);
    const ref = topicOf(SHEET.keywords, r, text);
    const language = parse('Language', ZLanguage, (text('Language') ?? '').trim().toLowerCase());
    // A blank Kind is not taken to mean anything: the operator says what such rows are.
    const kindText = (text('Kind') ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    const kind = kindText === '' ? null : KIND_WORDS[kindText];
    if (kind === undefined) issue(SHEET.keywords, r.row, 'Kind', 'Must be keyword or phrase');
    const value = parse('Text', ZKeywordText, text('Text') ?? '');
    if (ref === undefined || language === undefined || kind === undefined || value === undefined) continue;
    const norm = fold(value);
    // One topic holds a text once per language, whatever its kind (the unique index says so).
    const dupKey = `${ref.topicKey}\u0000${language}\u0000${norm}`;
    const earlier = seen.get(dupKey);
    if (earlier !== undefined) {
      issue(
        SHEET.keywords,
        r.row,
        'Text',
        `The same text is already on row ${earlier} for this topic and language`,
      );
      continue;
    }
    seen.set(dupKey, r.row);
    keywords.push({ ...ref, language, kind, text: value, norm });
  }
  return keywords;
}

/** The Responses sheet's rows, each judged by the create contract. */
function readResponses(rows: SheetRow[], issue: Issue, topicOf: TopicOf, deviceId: number): ResponseLine[] {
  const responses: ResponseLine[] = [];
  for (const r of rows) {
    const { text } = rowReader(issue, SHEET.responses, r);
    const ref = topicOf(SHEET.responses, r, text);
    const lower = (column: string) => {
      const v = (text(column) ?? '').trim().toLowerCase();
      return v === '' ? undefined : v;
    };
    const contentsText = (text('Contents') ?? '').trim();
    let contents: unknown;
    let contentsReadable = true;
    if (contentsText !== '') {
      try {
        contents = JSON.parse(contentsText);
      } catch (e) {
        contentsReadable = false;
        issue(SHEET.responses, r.row, 'Contents', `Not valid JSON: ${(e as Error).message}`);
      }
    }
    // The create contract judges the fields; the ids are placeholders it needs, never used.
    const res = ZCreateResponseRequest.safeParse({
      device_id: deviceId,
      intent_id: 1,
      language: lower('Language'),
      device_type: lower('Device type'),
      response_aim: lower('Response aim'),
      response_type: lower('Response type'),
      speech: text('Speech') ?? '',
      custom_content: text('Custom content') ?? '',
      contents,
    });
    if (!res.success) {
      for (const i of res.error.issues) {
        const [field, ...rest] = i.path.map(String);
        // Unreadable JSON is reported once, not again as missing contents.
        if (field === 'contents' && !contentsReadable) continue;
        const column = RESPONSE_FIELD_COLUMNS[field ?? ''] ?? 'Contents';
        const where = field === 'contents' && rest.length > 0 ? `contents.${rest.join('.')}: ` : '';
        issue(SHEET.responses, r.row, column, `${where}${i.message}`);
      }
      continue;
    }
    if (ref === undefined || !contentsReadable) continue;
    const { device_id: _d, intent_id: _i, ...fields } = res.data;
    responses.push({ ...ref, fields });
  }
  return responses;
}

export function parseWorkbook(
  wb: PlainWorkbook,
  deviceId: number,
  format: ImportFormat = 'xlsx',
): ParsedFile {
  const { tables, topicRows, keywordRows, responseRows } = tablesOf(wb);
  const issues: ImportIssue[] = [];
  const issue: Issue = (sheet, row, column, message) => {
    if (issues.length <= MAX_ISSUES) issues.push({ sheet, row, column, message });
  };
  const read = topicRows ? readTopics(topicRows, issue) : null;
  const topicOf = topicRefs(issue, read);
  const keywords = keywordRows ? readKeywords(keywordRows, issue, topicOf) : null;
  const responses = responseRows ? readResponses(responseRows, issue, topicOf, deviceId) : null;
  return { format, tables, topics: read ? read.topics : null, keywords, responses, issues };
}
