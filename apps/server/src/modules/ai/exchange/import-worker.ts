import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { AppError } from '../../../lib/errors.js';
import { decodeText, readCsv } from './csv-read.js';
import type { Sniffed } from './file-format.js';
import { checkXlsx, ImportRefused } from './xlsx-limits.js';
import { parseWorkbook, type ParsedFile } from './xlsx-parse.js';
import { plain, type PlainWorkbook } from './xlsx-plain.js';

/** What the import's worker answers: the file read line by line, or why it was refused. */
export type ImportWorkerResult =
  { ok: true; file: ParsedFile } | { ok: false; kind: ImportRefused['kind']; message: string };

/** A workbook's sheets as plain data, its limits checked while it inflates. */
async function workbookOf(bytes: Buffer): Promise<PlainWorkbook> {
  await checkXlsx(bytes);
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
          cells[col - 1] = plain(cell.value);
        });
        rows.push(cells);
      }
      return { name: ws.name, rows };
    }),
  };
}

/**
 * Worker thread: a workbook's limits checked while inflating (or a CSV file's while it is read),
 * then the file read line by line; the server's event loop never waits on any of it.
 */
async function read(bytes: Buffer, deviceId: number, sniffed: Sniffed): Promise<ImportWorkerResult> {
  try {
    const workbook =
      sniffed.format === 'xlsx' ? await workbookOf(bytes) : readCsv(decodeText(bytes, sniffed.encoding));
    return { ok: true, file: parseWorkbook(workbook, deviceId, sniffed.format) };
  } catch (e) {
    if (e instanceof ImportRefused) return { ok: false, kind: e.kind, message: e.message };
    // A sheet or column missing: the whole file is refused, with what to fix.
    if (e instanceof AppError) return { ok: false, kind: 'unreadable', message: e.message };
    throw e;
  }
}

const { bytes, deviceId, sniffed } = workerData as { bytes: Uint8Array; deviceId: number; sniffed: Sniffed };
read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), deviceId, sniffed).then(
  (result) => parentPort!.postMessage(result),
  (err: unknown) => {
    throw err;
  },
);
