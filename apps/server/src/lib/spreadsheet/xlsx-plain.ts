import type { CellValue } from 'exceljs';

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

/** A cell as text (or a boolean): rich text, links and formula results reduce to what Excel shows. */
export function plain(v: CellValue | undefined): Read {
  if (v === null || v === undefined) return { value: null };
  if (typeof v === 'string' || typeof v === 'boolean') return { value: v };
  if (typeof v === 'number') return { value: String(v) };
  if (v instanceof Date) return { value: v.toISOString() };
  if ('richText' in v) return { value: v.richText.map((part) => part.text).join('') };
  if ('formula' in v || 'sharedFormula' in v) {
    // Excel stores what a formula showed; a file from elsewhere may not have it.
    if (v.result === undefined)
      return { problem: 'A formula without a computed value: type the value instead' };
    return plain(v.result);
  }
  if ('hyperlink' in v) return { value: v.text };
  if ('error' in v) return { problem: `The cell shows the error ${v.error}` };
  return { value: null };
}
