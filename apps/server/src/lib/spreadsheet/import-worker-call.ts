import { runWorker, WorkerFailed } from '../run-worker.js';
import { AppError } from '../errors.js';

const WORKER_TIMEOUT_MS = 60_000;

/** The answer to a file too large to import: past a limit, the worker's memory or its time. */
export const importTooLarge = (message: string) => new AppError(413, 'import_too_large', message);

/**
 * Runs an import's worker on an uploaded file's bytes, with `data` beside them: the worker gets a
 * copy it owns (transferred, not cloned again: the upload's buffer may be pooled), a heap of
 * `heapMb`, and a minute. A worker that runs out of either is the file's fault: too large.
 */
export async function runImportWorker<T>(
  entry: URL,
  bytes: Buffer,
  data: Record<string, unknown>,
  heapMb: number,
): Promise<T> {
  const copy = new Uint8Array(bytes);
  try {
    return await runWorker<T>(
      entry,
      { ...data, bytes: copy },
      {
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
        timeoutMs: WORKER_TIMEOUT_MS,
        transferList: [copy.buffer],
      },
    );
  } catch (e) {
    if (e instanceof WorkerFailed && e.reason !== 'error') {
      throw importTooLarge('The file is too large to import at once. Split it into smaller files.');
    }
    throw e;
  }
}
