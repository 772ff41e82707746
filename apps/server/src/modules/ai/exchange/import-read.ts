import { runWorker, WorkerFailed } from '../../../lib/run-worker.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import type { Sniffed } from '../../../lib/spreadsheet/file-format.js';
import type { ImportWorkerResult } from './import-worker.js';
import type { ParsedFile } from './xlsx-parse.js';

/** A worker's heap: room for the largest file the limits let through, and no more. */
const WORKER_HEAP_MB = 384;
const WORKER_TIMEOUT_MS = 60_000;
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
const WORKER = new URL(`./import-worker.${ext}`, import.meta.url);

const tooLarge = (message: string) => new AppError(413, 'import_too_large', message);

/**
 * Reads an uploaded workbook or CSV file line by line in a worker thread: its size is checked
 * while it inflates (xlsx-limits) or is read (csv-read), and parsing never blocks the server's
 * event loop.
 */
export async function readImportFile(bytes: Buffer, deviceId: number, sniffed: Sniffed): Promise<ParsedFile> {
  // A copy the worker owns (transferred, not cloned again): the upload's buffer may be pooled.
  const copy = new Uint8Array(bytes);
  let result: ImportWorkerResult;
  try {
    result = await runWorker<ImportWorkerResult>(
      WORKER,
      { bytes: copy, deviceId, sniffed },
      {
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
        timeoutMs: WORKER_TIMEOUT_MS,
        transferList: [copy.buffer],
      },
    );
  } catch (e) {
    if (e instanceof WorkerFailed && e.reason !== 'error') {
      throw tooLarge('The file is too large to import at once. Split it into smaller files.');
    }
    throw e;
  }
  if (result.ok) return result.file;
  if (result.kind === 'too_large') throw tooLarge(result.message);
  if (result.kind === 'encoding') throw badRequest(result.message, 'import_text_encoding');
  throw badRequest(result.message, 'import_invalid');
}
