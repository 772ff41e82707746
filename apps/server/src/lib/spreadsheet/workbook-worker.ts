import { answerParent } from '../run-worker.js';
import type { XlsxLimits } from './xlsx-limits.js';
import { ImportRefused } from './xlsx-limits.js';
import type { PlainWorkbook } from './xlsx-plain.js';
import { workbookOf } from './xlsx-read.js';

/** What the worker answers: the workbook as plain data, or why it was refused. */
export type WorkbookWorkerResult =
  | { ok: true; workbook: PlainWorkbook }
  | { ok: false; kind: ImportRefused['kind']; rows: boolean; message: string };

/** Worker thread (read-workbook.ts): a workbook checked while it inflates, then read as plain data. */
async function read(bytes: Buffer, limits: XlsxLimits): Promise<WorkbookWorkerResult> {
  try {
    return { ok: true, workbook: await workbookOf(bytes, limits) };
  } catch (e) {
    if (e instanceof ImportRefused) return { ok: false, kind: e.kind, rows: e.rows, message: e.message };
    throw e;
  }
}

answerParent(({ bytes, limits }: { bytes: Uint8Array; limits: XlsxLimits }) =>
  read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits),
);
