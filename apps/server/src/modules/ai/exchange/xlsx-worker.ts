import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { AppError } from '../../../lib/errors.js';
import { checkXlsx, XlsxRefused } from './xlsx-limits.js';
import { parseWorkbook, type ParsedFile } from './xlsx-parse.js';
import { plain, type PlainWorkbook } from './xlsx-plain.js';

/** What the import's worker answers: the file read line by line, or why it was refused. */
export type XlsxWorkerResult =
  { ok: true; file: ParsedFile } | { ok: false; kind: 'too_large' | 'unreadable'; message: string };

/**
 * Worker thread: limits checked while inflating, then the workbook parsed and read line by line;
 * the server's event loop never waits on any of it.
 */
async function read(bytes: Buffer, deviceId: number): Promise<XlsxWorkerResult> {
  try {
    await checkXlsx(bytes);
  } catch (e) {
    if (e instanceof XlsxRefused) return { ok: false, kind: e.kind, message: e.message };
    throw e;
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return {
      ok: false,
      kind: 'unreadable',
      message: 'The workbook could not be read. Save it as an Excel workbook (.xlsx) and try again.',
    };
  }
  const workbook: PlainWorkbook = {
    sheets: wb.worksheets.map((ws) => {
      const rows: PlainWorkbook['sheets'][number]['rows'] = [];
      for (let r = 1; r <= ws.rowCount; r++) {
        const row = ws.getRow(r);
        const cells: (ReturnType<typeof plain> | null)[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          while (cells.length < col - 1) cells.push(null);
          cells[col - 1] = plain(cell.value);
        });
        rows.push(cells);
      }
      return { name: ws.name, rows };
    }),
  };
  try {
    return { ok: true, file: parseWorkbook(workbook, deviceId) };
  } catch (e) {
    // A sheet or column missing: the whole file is refused, with what to fix.
    if (e instanceof AppError) return { ok: false, kind: 'unreadable', message: e.message };
    throw e;
  }
}

const { bytes, deviceId } = workerData as { bytes: Uint8Array; deviceId: number };
read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), deviceId).then(
  (result) => parentPort!.postMessage(result),
  (err: unknown) => {
    throw err;
  },
);
