import { EXCHANGE_TABLES, type ExchangeTable } from '@ambassador/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import type { TextEncoding } from '../../../lib/spreadsheet/file-format.js';
import { ImportRefused, XLSX_LIMITS, type XlsxLimits } from '../../../lib/spreadsheet/xlsx-limits.js';
import { SHEET, TABLE_COLUMNS } from './xlsx-parse.js';
import type { PlainWorkbook, Read } from '../../../lib/spreadsheet/xlsx-plain.js';

/**
 * A CSV file as a workbook of one sheet: which sheet is told by its header row, so a CSV file holds
 * the Topics, Keywords or Responses table with the workbook's columns. Pure; runs in the import's
 * worker thread.
 */

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The whole file as text. The BOM (if any) is dropped; bytes that are not valid in the encoding
 * are refused, not turned into U+FFFD, so a half-UTF-8 file is never imported as garbled text.
 */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new ImportRefused(
      `The file is not ${encoding === 'utf-8' ? 'UTF-8' : 'UTF-16'} text throughout. ` +
        'In Excel, save it as "CSV UTF-8 (Comma delimited)" or as "Unicode Text".',
      'encoding',
    );
  }
}

/**
 * The delimiter of the header row: of comma, semicolon (Excel's CSV where the decimal mark is a
 * comma) and tab (Excel's "Unicode Text"), the one that splits it most. The known headers hold none
 * of the three, so the header row tells, whatever the rows below hold.
 */
export function delimiterOf(text: string): (typeof DELIMITERS)[number] {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best: (typeof DELIMITERS)[number] = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** The table a header row names: the one with most of its own columns there (Topic and Language are in several). */
export function tableOf(header: string[]): ExchangeTable | undefined {
  const names = new Set(header.map((h) => h.trim().toLowerCase()));
  const shared = new Set(['topic', 'language']);
  let best: ExchangeTable | undefined;
  let bestScore = 0;
  let tie = false;
  for (const table of EXCHANGE_TABLES) {
    const score = TABLE_COLUMNS[table].filter(
      ([h]) => !shared.has(h.toLowerCase()) && names.has(h.toLowerCase()),
    ).length;
    if (score > bestScore) [best, bestScore, tie] = [table, score, false];
    else if (score === bestScore && score > 0) tie = true;
  }
  return tie ? undefined : best;
}

/**
 * The CSV export writes a `'` before text that Excel would run as a formula (`=`, `+`, `-`, `@`,
 * tab, CR, also behind other quotes): read back, that one mark is dropped, so a round trip gives
 * the text that was exported.
 */
const FORMULA_GUARD = /^'(?='*[=+\-@\t\r])/;

const layouts = () =>
  EXCHANGE_TABLES.map((t) => `${SHEET[t]} (${TABLE_COLUMNS[t].map(([h]) => h).join(', ')})`).join('; ');

/** Reads CSV text as a one-sheet workbook, within the workbook's limits of rows and cells. */
export function readCsv(text: string, limits: XlsxLimits = XLSX_LIMITS): PlainWorkbook {
  const tooLarge = () =>
    new ImportRefused(
      `The file is too large to import at once (more than ${limits.rows.toLocaleString('en')} rows or ` +
        `${limits.cells.toLocaleString('en')} cells).`,
      'too_large',
    );
  let cells = 0;
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      // Excel writes CRLF; files from elsewhere LF or CR, sometimes mixed.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // A quote inside an unquoted field (`5" screen`) is text, as Excel reads it.
      relax_quotes: true,
      on_record: (record: string[], context: { records: number }) => {
        cells += record.length;
        if (context.records > limits.rows || cells > limits.cells) throw tooLarge();
        return record;
      },
    }) as string[][];
  } catch (e) {
    if (e instanceof ImportRefused) throw e;
    if (e instanceof CsvError) {
      const where = typeof e.lines === 'number' ? ` (line ${e.lines})` : '';
      const why =
        e.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted text is never closed'
          : e.code === 'CSV_INVALID_CLOSING_QUOTE'
            ? 'a closing quote is followed by more text'
            : e.message;
      throw new ImportRefused(`The CSV file could not be read${where}: ${why}.`, 'unreadable');
    }
    throw e;
  }
  const header = records[0] ?? [];
  const table = tableOf(header);
  if (!table) {
    throw new ImportRefused(
      `The first row of the CSV file does not name the columns of one table. Expected one of: ${layouts()}.`,
      'unreadable',
    );
  }
  const rows = records.map((record) =>
    record.map((cell): Read => ({ value: cell.replace(FORMULA_GUARD, '') })),
  );
  return { sheets: [{ name: SHEET[table], rows }] };
}
