import { readFile, stat } from 'node:fs/promises';
import { runWorker, WorkerFailed } from '../../../lib/run-worker.js';
import type { ExtractWorkerResult } from './worker.js';
import type { ExtractDocument } from './types.js';
import { ScanFailure } from './types.js';

export { detectLanguage } from './language.js';
export { toPassages } from './passages.js';
export * from './types.js';

/** The worker's heap: a file whose reading needs more (a PDF or ZIP bomb) fails, the server lives on. */
const WORKER_HEAP_MB = 512;
/** Time for a file: a floor plus per megabyte, far above the 20 pages a second a scan reads. */
const TIME_FLOOR_MS = 60_000;
const TIME_PER_MB_MS = 4_000;
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
const WORKER = new URL(`./worker.${ext}`, import.meta.url);

/**
 * Reads a stored document in a worker thread with its own memory and time limits: a hostile or
 * huge file fails its own scan (`ScanFailure`) and never blocks or kills the server. Errors that
 * are not the file's fault (the worker could not start…) are thrown as they are.
 */
export const extractDocument: ExtractDocument = async (file, format, opts) => {
  const size = (await stat(file)).size;
  const bytes = new Uint8Array(await readFile(file));
  let result: ExtractWorkerResult;
  try {
    result = await runWorker<ExtractWorkerResult>(
      WORKER,
      { bytes, format, limits: { maxPages: opts.maxPages, maxCharacters: opts.maxCharacters } },
      {
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
        timeoutMs: TIME_FLOOR_MS + Math.ceil(size / 1_048_576) * TIME_PER_MB_MS,
        transferList: [bytes.buffer as ArrayBuffer],
        signal: opts.signal,
      },
    );
  } catch (e) {
    if (e instanceof WorkerFailed && e.reason === 'memory') {
      throw new ScanFailure('too_much_text', 'Reading the file needed more memory than a scan may use.');
    }
    if (e instanceof WorkerFailed && e.reason === 'timeout') {
      throw new ScanFailure('corrupt', 'Reading the file took longer than a scan may take.');
    }
    throw e;
  }
  if (!result.ok) throw new ScanFailure(result.code, result.detail);
  return result.extracted;
};
