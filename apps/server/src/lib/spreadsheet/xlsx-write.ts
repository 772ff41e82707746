import ExcelJS from 'exceljs';

/**
 * A sheet to write: its columns ([header, width], or [header, width, number format] such as
 * 'yyyy-mm-dd' or '0.0%') and rows of plain values. A Date is a real date cell (Excel shows it in
 * its column's format); a day is given as its UTC midnight.
 */
export interface SheetToWrite {
  name: string;
  columns: readonly (readonly [string, number] | readonly [string, number, string])[];
  rows: readonly (readonly (string | number | boolean | Date | null)[])[];
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
    const formats = sheet.columns.map((c) => c[2]);
    for (const values of sheet.rows) {
      const row = ws.addRow([...values]);
      formats.forEach((numFmt, i) => {
        if (numFmt) row.getCell(i + 1).numFmt = numFmt;
      });
    }
  }
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
