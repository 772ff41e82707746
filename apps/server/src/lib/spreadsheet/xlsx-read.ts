import ExcelJS from 'exceljs';
import { checkXlsx, ImportRefused, XLSX_LIMITS, type XlsxLimits } from './xlsx-limits.js';
import { cellValue, plain, type PlainWorkbook } from './xlsx-plain.js';

/**
 * A workbook's sheets as plain data, its limits checked while it inflates (xlsx-limits.ts) before
 * ExcelJS parses it. Heavy: run it in a worker thread (workbook-worker.ts, or an import's own).
 */
export async function workbookOf(bytes: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<PlainWorkbook> {
  await checkXlsx(bytes, limits);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ImportRefused(
      'The workbook could not be read. Save it as an Excel workbook (.xlsx) and try again.',
      'unreadable',
    );
  }
  return {
    sheets: wb.worksheets.map((ws) => {
      const rows: PlainWorkbook['sheets'][number]['rows'] = [];
      for (let r = 1; r <= ws.rowCount; r++) {
        const row = ws.getRow(r);
        const cells: (ReturnType<typeof plain> | null)[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          while (cells.length < col - 1) cells.push(null);
          cells[col - 1] = plain(cellValue(cell));
        });
        rows.push(cells);
      }
      return { name: ws.name, rows };
    }),
  };
}
