import { EXCHANGE_TABLES } from '@ambassador/contracts';
import { writeWorkbook } from '../../../lib/spreadsheet/xlsx-write.js';
import { exportRows, type DeviceContent } from './export-rows.js';
import { SHEET, TABLE_COLUMNS } from './xlsx-parse.js';

/** A device's topics as the workbook the import reads back (the layout of xlsx-parse.ts). */
export async function writeTopicsWorkbook(content: DeviceContent): Promise<Buffer> {
  const rows = exportRows(content);
  return writeWorkbook(
    EXCHANGE_TABLES.map((table) => ({
      name: SHEET[table],
      columns: TABLE_COLUMNS[table],
      rows: rows[table],
    })),
  );
}
