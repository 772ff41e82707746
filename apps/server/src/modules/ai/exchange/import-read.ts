import { workerEntry } from '../../../lib/run-worker.js';
import { badRequest } from '../../../lib/errors.js';
import type { Sniffed } from '../../../lib/spreadsheet/file-format.js';
import { importTooLarge, runImportWorker } from '../../../lib/spreadsheet/import-worker-call.js';
import type { ImportWorkerResult } from './import-worker.js';
import type { ParsedFile } from './xlsx-parse.js';

/** A worker's heap: room for the largest file the limits let through, and no more. */
const WORKER_HEAP_MB = 384;
const WORKER = workerEntry('import-worker', import.meta.url);

/**
 * Reads an uploaded workbook or CSV file line by line in a worker thread: its size is checked
 * while it inflates (xlsx-limits) or is read (csv-read), and parsing never blocks the server's
 * event loop.
 */
export async function readImportFile(bytes: Buffer, deviceId: number, sniffed: Sniffed): Promise<ParsedFile> {
  const result = await runImportWorker<ImportWorkerResult>(
    WORKER,
    bytes,
    { deviceId, sniffed },
    WORKER_HEAP_MB,
  );
  if (result.ok) return result.file;
  if (result.kind === 'too_large') throw importTooLarge(result.message);
  if (result.kind === 'encoding') throw badRequest(result.message, 'import_text_encoding');
  throw badRequest(result.message, 'import_invalid');
}
