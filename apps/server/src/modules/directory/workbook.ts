import {
  DIRECTORY_MAX_UNITS,
  LANGUAGES,
  validationIssue,
  ZDirectoryDescription,
  ZDirectoryEmail,
  ZDirectoryName,
  ZDirectoryPhone,
  ZDirectoryUnitNumber,
  type DirectoryImportIssue,
  type DirectoryImportReport,
} from '@ambassador/contracts';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import {
  importSheet,
  languageColumn,
  rowImport,
  RowIssues,
  yesNo,
} from '../../lib/spreadsheet/row-import.js';
import { headersOf, sheetRows, type SheetRow } from '../../lib/spreadsheet/sheet-rows.js';
import type { SheetToWrite } from '../../lib/spreadsheet/xlsx-write.js';
import type { PlainWorkbook } from '../../lib/spreadsheet/xlsx-plain.js';
import type { UnitRow, UnitTexts, UnitWrite } from './repo.js';

/**
 * The directory workbook: one sheet, a unit a row, the occupant's name and description in a column
 * per language of the device. What the export writes and the import reads back; pure.
 */

export const SHEET_NAME = 'Directory';
const UNIT = 'Unit';
const PHONE = 'Phone';
const EMAIL = 'Email';
const LIVE_CHAT = 'Live chat';
const nameColumn = (language: string) => languageColumn('Name', language);
const descriptionColumn = (language: string) => languageColumn('Description', language);
const LANGUAGE_COLUMN = /^(name|description)\s*[([]\s*([a-z]+)\s*[)\]]$/i;
/** A file of garbage would otherwise answer with thousands of issues. */
const MAX_ISSUES = 500;

/** The device's units as the sheet the import reads back, in the device's languages. */
export function directorySheet(units: UnitRow[], languages: readonly string[]): SheetToWrite {
  return {
    name: SHEET_NAME,
    columns: [
      [UNIT, 12],
      [PHONE, 18],
      [EMAIL, 28],
      [LIVE_CHAT, 10],
      ...languages.flatMap((l) => [[nameColumn(l), 28] as const, [descriptionColumn(l), 48] as const]),
    ],
    rows: units.map((unit) => [
      unit.unitNo,
      unit.phone,
      unit.email,
      yesNo(unit.liveChat),
      ...languages.flatMap((l) => [unit.texts.get(l)?.name ?? '', unit.texts.get(l)?.description ?? '']),
    ]),
  };
}

/** A row read: the fields its columns gave (a column the file lacks is undefined: kept as it is). */
export interface UnitLine {
  row: number;
  unitNo: string;
  phone: string | undefined;
  email: string | undefined;
  liveChat: boolean | undefined;
  /** Per language whose columns the file has: the name and description (a missing column undefined). */
  texts: Map<string, { name: string | undefined; description: string | undefined }>;
}

export interface ParsedDirectory {
  lines: UnitLine[];
  issues: DirectoryImportIssue[];
}

const invalid = (message: string) => badRequest(message, 'import_invalid');

/** Reads the directory sheet against the device's languages: every problem, row by row. */
export function parseDirectory(
  wb: PlainWorkbook,
  languages: readonly string[],
  tooMany: (rows: number) => Error,
): ParsedDirectory {
  const ws = importSheet(wb, SHEET_NAME);
  const headers = headersOf(ws);
  const byLanguage = new Map<string, { name?: string; description?: string }>();
  for (const header of headers) {
    const m = LANGUAGE_COLUMN.exec(header);
    if (!m) continue;
    const language = m[2]!.toLowerCase();
    if (!(LANGUAGES as readonly string[]).includes(language)) {
      throw invalid(`The column "${header}" names no language we know (${LANGUAGES.join(', ')}).`);
    }
    if (!languages.includes(language)) {
      throw invalid(
        `The column "${header}" is in ${language}, which this device does not offer (it offers ${languages.join(', ')}).`,
      );
    }
    const entry = byLanguage.get(language) ?? {};
    entry[m[1]!.toLowerCase() as 'name' | 'description'] = header;
    byLanguage.set(language, entry);
  }
  if (![...byLanguage.values()].some((e) => e.name)) {
    throw invalid(
      `The sheet "${ws.name}" has no name column: add one per language, such as "${nameColumn(languages[0] ?? 'english')}".`,
    );
  }
  const has = (h: string) => headers.some((x) => x.toLowerCase() === h.toLowerCase());
  const columns = [
    UNIT,
    ...[PHONE, EMAIL, LIVE_CHAT].filter(has),
    ...headers.filter((h) => LANGUAGE_COLUMN.test(h)),
  ];
  const rows = sheetRows(ws, columns, { maxRows: Number.MAX_SAFE_INTEGER });
  // A sheet past the limit is refused before a row is judged.
  if (rows.length > DIRECTORY_MAX_UNITS) throw tooMany(rows.length);

  const issues = new RowIssues(MAX_ISSUES);
  const reader = (r: SheetRow) => {
    const cell = (column: string): string | boolean | undefined => {
      const c = r.get(column);
      if ('problem' in c) {
        issues.add(r.row, column, { key: 'invalid_value', params: {} }, c.problem);
        return undefined;
      }
      return c.value ?? '';
    };
    const text = <S extends z.ZodType<string>>(column: string, schema: S): string | undefined => {
      const v = cell(column);
      if (v === undefined) return undefined;
      const res = schema.safeParse(typeof v === 'boolean' ? String(v) : v);
      if (res.success) return res.data;
      const first = validationIssue(res.error.issues[0]!);
      issues.add(r.row, column, first, first.message);
      return undefined;
    };
    const bool = (column: string): boolean | undefined => {
      const v = cell(column);
      if (typeof v === 'boolean' || v === undefined) return v;
      const s = v.trim().toLowerCase();
      if (['', 'no', 'false', '0', 'n', 'off', '否'].includes(s)) return false;
      if (['yes', 'true', '1', 'y', 'on', '是'].includes(s)) return true;
      issues.rule(r.row, column, 'yes_no');
      return undefined;
    };
    return { text, bool };
  };

  const lines: UnitLine[] = [];
  const firstRow = new Map<string, number>();
  for (const r of rows) {
    const read = reader(r);
    const before = issues.count;
    const unitNo = read.text(UNIT, ZDirectoryUnitNumber);
    const line: UnitLine = {
      row: r.row,
      unitNo: unitNo ?? '',
      phone: has(PHONE) ? read.text(PHONE, ZDirectoryPhone) : undefined,
      email: has(EMAIL) ? read.text(EMAIL, ZDirectoryEmail) : undefined,
      liveChat: has(LIVE_CHAT) ? read.bool(LIVE_CHAT) : undefined,
      texts: new Map(),
    };
    for (const [language, cols] of byLanguage) {
      line.texts.set(language, {
        name: cols.name ? read.text(cols.name, ZDirectoryName) : undefined,
        description: cols.description ? read.text(cols.description, ZDirectoryDescription) : undefined,
      });
    }
    if (unitNo !== undefined) {
      const key = unitNo.toLowerCase();
      const first = firstRow.get(key);
      if (first !== undefined) issues.rule(r.row, UNIT, 'unit_duplicate_in_file', { row: first });
      else firstRow.set(key, r.row);
    }
    if (issues.count === before) lines.push(line);
  }
  return { lines, issues: issues.list };
}

const sameTexts = (a: UnitTexts, b: UnitTexts) => {
  const keep = (m: UnitTexts) =>
    JSON.stringify([...m].filter(([, t]) => t.name || t.description).sort(([x], [y]) => x.localeCompare(y)));
  return keep(a) === keep(b);
};

/** What a line makes of a unit (the existing one, or a new one): a column the file lacks keeps its value. */
function merged(line: UnitLine, existing: UnitRow | undefined): UnitWrite {
  const texts: UnitTexts = new Map(existing?.texts ?? []);
  for (const [language, t] of line.texts) {
    const was = texts.get(language);
    texts.set(language, {
      name: t.name ?? was?.name ?? '',
      description: t.description ?? was?.description ?? '',
    });
  }
  return {
    unitNo: line.unitNo,
    phone: line.phone ?? existing?.phone ?? '',
    email: line.email ?? existing?.email ?? '',
    liveChat: line.liveChat ?? existing?.liveChat ?? false,
    texts,
  };
}

export interface DirectoryPlan {
  report: DirectoryImportReport;
  add: UnitWrite[];
  update: { id: number; unit: UnitWrite }[];
}

/** Units matched by unit number (any case): new ones added, changed ones updated, the rest left alone. */
export function planDirectoryImport(
  current: UnitRow[],
  parsed: ParsedDirectory,
  languages: readonly string[],
): DirectoryPlan {
  const byUnit = new Map(current.map((u) => [u.unitNo.toLowerCase(), u]));
  const { issues, report, count } = rowImport<DirectoryImportReport['rows'][number]>(MAX_ISSUES, [
    ...parsed.issues,
  ]);
  const add: UnitWrite[] = [];
  const update: DirectoryPlan['update'] = [];
  for (const line of parsed.lines) {
    const existing = byUnit.get(line.unitNo.toLowerCase());
    const unit = merged(line, existing);
    const name = languages.map((l) => unit.texts.get(l)?.name ?? '').find((n) => n) ?? '';
    if (![...unit.texts.values()].some((t) => t.name)) {
      issues.rule(line.row, nameColumn(languages[0] ?? 'english'), 'occupant_name_required');
      continue;
    }
    const same =
      !!existing &&
      existing.unitNo === unit.unitNo &&
      existing.phone === unit.phone &&
      existing.email === unit.email &&
      existing.liveChat === unit.liveChat &&
      sameTexts(existing.texts, unit.texts);
    if (!existing) add.push(unit);
    else if (!same) update.push({ id: existing.id, unit });
    count({ row: line.row, unit: unit.unitNo, name }, existing, same);
  }
  issues.list.sort((a, b) => a.row - b.row);
  return { report, add, update };
}
