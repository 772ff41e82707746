import ExcelJS from 'exceljs';
import { EXCHANGE_TABLES } from '@ambassador/contracts';
import { exportRows, type DeviceContent } from './export-rows.js';
import { SHEET, TABLE_COLUMNS } from './xlsx-parse.js';

/** A device's topics as the workbook the import reads back (the layout of xlsx-parse.ts). */
export async function writeTopicsWorkbook(content: DeviceContent): Promise<Buffer> {
  const rows = exportRows(content);
  // Built in memory, not streamed: a device's few thousand topics make a workbook of a few MB,
  // and a buffer lets a failure still answer as a JSON error, not as a cut-off download.
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ambassador Console';
  for (const table of EXCHANGE_TABLES) {
    const ws = wb.addWorksheet(SHEET[table], { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = TABLE_COLUMNS[table].map(([header, width]) => ({ header, width }));
    ws.getRow(1).font = { bold: true };
    // Every text goes in as a plain string value, so "=1+2" stays text (never a formula) in Excel.
    for (const row of rows[table]) ws.addRow(row);
  }
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
