import ExcelJS from 'exceljs';

/** A sheet to write: its columns ([header, width]) and rows of plain text values. */
export interface SheetToWrite {
  name: string;
  columns: readonly (readonly [string, number])[];
  rows: readonly (readonly (string | number | boolean | null)[])[];
}

/**
 * A workbook an import reads back: one sheet per table, a bold frozen header row. Every text goes
 * in as a plain string value, so "=1+2" stays text (never a formula) in Excel. Built in memory,
 * not streamed: a buffer lets a failure still answer as a JSON error, not as a cut-off download.
 */
export async function writeWorkbook(sheets: readonly SheetToWrite[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ambassador Console';
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map(([header, width]) => ({ header, width }));
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows) ws.addRow([...row]);
  }
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
