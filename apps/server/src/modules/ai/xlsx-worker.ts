import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { checkXlsx, XlsxRefused } from './xlsx-limits.js';
import { plain, type PlainWorkbook } from './xlsx-plain.js';

/** What the import's worker answers: the workbook as plain data, or why it was refused. */
export type XlsxWorkerResult =
  { ok: true; workbook: PlainWorkbook } | { ok: false; kind: 'too_large' | 'unreadable'; message: string };

/** Worker thread: limits checked while inflating, then parsed; the server's loop never waits on it. */
async function read(bytes: Buffer): Promise<XlsxWorkerResult> {
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
  return {
    ok: true,
    workbook: {
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
    },
  };
}

const { bytes } = workerData as { bytes: Uint8Array };
read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).then(
  (result) => parentPort!.postMessage(result),
  (err: unknown) => {
    throw err;
  },
);
