import { workerEntry } from '../run-worker.js';
import { AppError, badRequest } from '../errors.js';
import { sniffImport } from './file-format.js';
import { importTooLarge, runImportWorker } from './import-worker-call.js';
import type { WorkbookWorkerResult } from './workbook-worker.js';
import type { XlsxLimits } from './xlsx-limits.js';
import type { PlainWorkbook } from './xlsx-plain.js';

const WORKER_HEAP_MB = 256;
const WORKER = workerEntry('workbook-worker', import.meta.url);

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
  const result = await runImportWorker<WorkbookWorkerResult>(WORKER, bytes, { limits }, WORKER_HEAP_MB);
  if (result.ok) return result.workbook;
  if (result.kind === 'too_large') throw (result.rows && tooManyRows?.()) || importTooLarge(result.message);
  throw badRequest(result.message, 'import_invalid');
}
