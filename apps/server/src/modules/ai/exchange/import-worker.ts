import { answerParent } from '../../../lib/run-worker.js';
import { AppError } from '../../../lib/errors.js';
import { decodeText, readCsv } from './csv-read.js';
import type { Sniffed } from '../../../lib/spreadsheet/file-format.js';
import { ImportRefused } from '../../../lib/spreadsheet/xlsx-limits.js';
import { parseWorkbook, type ParsedFile } from './xlsx-parse.js';

/** What the import's worker answers: the file read line by line, or why it was refused. */
export type ImportWorkerResult =
  { ok: true; file: ParsedFile } | { ok: false; kind: ImportRefused['kind']; message: string };

/**
 * Worker thread: a workbook's limits checked while inflating (or a CSV file's while it is read),
 * then the file read line by line; the server's event loop never waits on any of it.
 */
async function read(bytes: Buffer, deviceId: number, sniffed: Sniffed): Promise<ImportWorkerResult> {
  try {
    // The workbook reader (exceljs, 0.3 s to load) only for a workbook: a CSV file's worker goes without.
    const workbook =
      sniffed.format === 'xlsx'
        ? await (await import('../../../lib/spreadsheet/xlsx-read.js')).workbookOf(bytes)
        : readCsv(decodeText(bytes, sniffed.encoding));
    return { ok: true, file: parseWorkbook(workbook, deviceId, sniffed.format) };
  } catch (e) {
    if (e instanceof ImportRefused) return { ok: false, kind: e.kind, message: e.message };
    // A sheet or column missing: the whole file is refused, with what to fix.
    if (e instanceof AppError) return { ok: false, kind: 'unreadable', message: e.message };
    throw e;
  }
}

answerParent(({ bytes, deviceId, sniffed }: { bytes: Uint8Array; deviceId: number; sniffed: Sniffed }) =>
  read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), deviceId, sniffed),
);
