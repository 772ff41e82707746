import { runWorker, WorkerFailed } from '../run-worker.js';
import { AppError, badRequest } from '../errors.js';
import { sniffImport } from './file-format.js';
import type { WorkbookWorkerResult } from './workbook-worker.js';
import type { XlsxLimits } from './xlsx-limits.js';
import type { PlainWorkbook } from './xlsx-plain.js';

const WORKER_HEAP_MB = 256;
const WORKER_TIMEOUT_MS = 60_000;
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
const WORKER = new URL(`./workbook-worker.${ext}`, import.meta.url);

const tooLarge = (message: string) => new AppError(413, 'import_too_large', message);

/**
 * An uploaded .xlsx workbook as plain data, for an import of one table (the directory's): decided
 * by its bytes (a CSV or an old .xls is refused saying what it is), its size bounded while it
 * inflates, parsed in a worker thread so the event loop never waits on it. A file past
 * `limits.rows` or `limits.cells` is refused with `tooManyRows()` when given.
 */
export async function readWorkbook(
  bytes: Buffer,
  name: string,
  { limits, tooManyRows }: { limits: XlsxLimits; tooManyRows?: () => AppError },
): Promise<PlainWorkbook> {
  if (bytes.length === 0) throw new AppError(400, 'empty_file', 'The file is empty.');
  if (sniffImport(bytes, name).format !== 'xlsx') {
    throw new AppError(415, 'unsupported_type', 'This file is not an Excel workbook (.xlsx).');
  }
  const copy = new Uint8Array(bytes);
  let result: WorkbookWorkerResult;
  try {
    result = await runWorker<WorkbookWorkerResult>(
      WORKER,
      { bytes: copy, limits },
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
  if (result.ok) return result.workbook;
  if (result.kind === 'too_large') throw (result.rows && tooManyRows?.()) || tooLarge(result.message);
  throw badRequest(result.message, 'import_invalid');
}
