import ExcelJS, { type CellValue } from 'exceljs';

/** A cell as text (or a boolean), or the problem that keeps it from being read. */
export type Read = { value: string | boolean | null } | { problem: string };

/** A sheet as plain data: rows[0] is row 1, rows[r][0] column A; what the import checks. */
export interface PlainSheet {
  name: string;
  rows: (Read | null)[][];
}
export interface PlainWorkbook {
  sheets: PlainSheet[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * A date cell as the spreadsheet shows it: a day ("2026-11-23"), or a day and a time
 * ("2026-11-23 17:22:19"). A workbook's dates have no zone: ExcelJS gives the wall-clock as UTC.
 */
export function dateText(d: Date): string {
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const ms = d.getTime() - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (ms === 0) return day;
  return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * A cell as text (or a boolean): rich text, links and formula results reduce to what the
 * spreadsheet shows. Each editor writes its own way and all of them read the same:
 * - LibreOffice writes a boolean as the formula `TRUE()`/`FALSE()` with its cached value;
 * - Google Sheets and Numbers write shared formulas, each cell with its cached value;
 * - a number stored as text is that text; a number is its shortest decimal ("12", "0.5");
 * - a date cell reads as its day, or its day and time.
 */
export function plain(v: CellValue | undefined): Read {
  if (v === null || v === undefined) return { value: null };
  if (typeof v === 'string' || typeof v === 'boolean') return { value: v };
  if (typeof v === 'number') return { value: String(v) };
  if (v instanceof Date) return { value: dateText(v) };
  if ('richText' in v) return { value: v.richText.map((part) => part.text).join('') };
  if ('formula' in v || 'sharedFormula' in v) {
    // Excel stores what a formula showed; a file from elsewhere may not have it. A bare TRUE()
    // or FALSE() needs none: it is its value.
    if (v.result === undefined) {
      const literal = /^\s*=?\s*(TRUE|FALSE)\s*(\(\s*\))?\s*$/i.exec(v.formula ?? '');
      if (literal) return { value: literal[1]!.toUpperCase() === 'TRUE' };
      return { problem: 'A formula without a computed value: type the value instead' };
    }
    return plain(v.result);
  }
  if ('hyperlink' in v) return { value: v.text };
  if ('error' in v) return { problem: `The cell shows the error ${v.error}` };
  return { value: null };
}

/**
 * A cell's value for plain(). A formula keeps its cached result even when that is FALSE or 0:
 * ExcelJS's `cell.value` leaves those out (so LibreOffice's `FALSE()` read as a formula
 * without a value), its `cell.model` keeps them.
 */
export function cellValue(cell: ExcelJS.Cell): CellValue {
  if (cell.type !== ExcelJS.ValueType.Formula) return cell.value;
  const { result } = cell.model as { result?: unknown };
  return { ...(cell.value as object), result } as CellValue;
}
