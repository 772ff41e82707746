import type { ExchangeTable } from '@ambassador/contracts';
import { stringify } from 'csv-stringify/sync';
import { exportRows, type DeviceContent } from './export-rows.js';
import { TABLE_COLUMNS } from './xlsx-parse.js';

/**
 * What Excel would run as a formula when it opens a CSV file (OWASP's list), also behind quotes
 * already there, so that text round-trips exactly through the one `'` added and dropped.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * One table of a device's topics as a CSV file the import reads back: UTF-8 with a BOM (without
 * it Excel reads Chinese as its local code page), commas, CRLF, the workbook's headers. A text
 * Excel would run as a formula gets a leading `'` (csv-read.ts drops it again on import).
 */
export function writeTopicsCsv(content: DeviceContent, table: ExchangeTable): Buffer {
  const cell = (v: string | boolean) =>
    typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : FORMULA_START.test(v) ? `'${v}` : v;
  const records = [
    TABLE_COLUMNS[table].map(([header]) => header),
    ...exportRows(content)[table].map((row) => row.map(cell)),
  ];
  const text = stringify(records, {
    bom: true,
    record_delimiter: 'windows',
    // A line break inside a text must be quoted, or Excel starts a new row there.
    quoted_match: /[\r\n]/,
  });
  return Buffer.from(text, 'utf8');
}
