import { badRequest } from '../errors.js';
import type { PlainSheet, PlainWorkbook, Read } from './xlsx-plain.js';

/** A data row of a sheet: its number in the sheet, and its cells by column header. */
export interface SheetRow {
  row: number;
  /** Cell of a column by its header (any case); a missing optional column reads as blank. */
  get(header: string): Read;
}

const invalid = (message: string) => badRequest(message, 'import_invalid');

/** The sheet of that name (any case, spaces around ignored). */
export function findSheet(wb: PlainWorkbook, name: string): PlainSheet | undefined {
  return wb.sheets.find((ws) => ws.name.trim().toLowerCase() === name.toLowerCase());
}

/** The headers of a sheet's first row as typed (trimmed), blanks left out. */
export function headersOf(ws: PlainSheet): string[] {
  return (ws.rows[0] ?? []).flatMap((r) =>
    r && 'value' in r && r.value !== null && String(r.value).trim() !== '' ? [String(r.value).trim()] : [],
  );
}

/**
 * Checks the header row has `columns` (in any order; `optional` ones may be missing) and returns
 * the data rows that hold anything in them. A sheet of more than `maxRows` data rows is refused.
 */
export function sheetRows(
  ws: PlainSheet,
  columns: readonly string[],
  { optional = new Set<string>(), maxRows }: { optional?: ReadonlySet<string>; maxRows: number },
): SheetRow[] {
  const found = new Map<string, number>();
  (ws.rows[0] ?? []).forEach((r, i) => {
    const text = r && 'value' in r && r.value !== null ? String(r.value).trim().toLowerCase() : '';
    if (text && !found.has(text)) found.set(text, i + 1);
  });
  const missing = columns.filter((h) => !found.has(h.toLowerCase()) && !optional.has(h.toLowerCase()));
  if (missing.length > 0) {
    const list = missing.map((h) => `"${h}"`).join(', ');
    throw invalid(
      `The sheet "${ws.name}" is missing the column${missing.length > 1 ? 's' : ''} ${list} in its first row ` +
        `(expected: ${columns.join(', ')}).`,
    );
  }
  if (ws.rows.length - 1 > maxRows) {
    throw invalid(`The sheet "${ws.name}" has more than ${maxRows.toLocaleString('en')} rows.`);
  }
  const rows: SheetRow[] = [];
  for (let r = 2; r <= ws.rows.length; r++) {
    const cells = ws.rows[r - 1] ?? [];
    const get = (header: string): Read => {
      const col = found.get(header.toLowerCase());
      return (col === undefined ? null : cells[col - 1]) ?? { value: null };
    };
    const blank = columns.every((h) => {
      const c = get(h);
      return 'value' in c && (c.value === null || (typeof c.value === 'string' && c.value.trim() === ''));
    });
    if (!blank) rows.push({ row: r, get });
  }
  return rows;
}
