import type { PassThrough } from 'node:stream';
import { startWorker, workerEntry, WorkerFailed } from '../../lib/run-worker.js';
import type { ExportCursor, ExportRow } from './repo.js';
import type { ExportOptions } from './xlsx-export.js';

/** What the worker starts with. */
export interface ExportJob {
  tz: string;
  first: ExportRow[];
  opts: ExportOptions;
}
export type ToWorker = { kind: 'written' } | { kind: 'batch'; rows: ExportRow[] };
export type ToParent =
  { kind: 'chunk'; bytes: Uint8Array } | { kind: 'next'; cursor: ExportCursor } | { kind: 'done' };

const WORKER = workerEntry('export-worker', import.meta.url);

/**
 * Streams the workbook into `stream` from a worker thread with a heap of its own. Writing a
 * million rows allocates gigabytes of short-lived cells and XML; in the server's heap, sized for
 * everything else it does, that garbage piled up to 250 MB more RSS before V8 collected it. The
 * worker's small heap is collected as it goes, and an export that outgrows it fails alone
 * (`reason: 'memory'`) instead of taking the server with it. The rows are read here, on the
 * server's own database connection (PGlite cannot be opened twice), one batch per request.
 * Resolves when the file is complete or the client went away.
 */
export function exportInWorker(
  stream: PassThrough,
  tz: string,
  first: ExportRow[],
  next: (cursor: ExportCursor) => Promise<ExportRow[]>,
  opts: ExportOptions,
): Promise<void> {
  const job: ExportJob = { tz, first, opts };
  // Below a few MB V8 cannot even unpack its start-up snapshot, and that aborts the whole process.
  const heapMb = Math.max(8, opts.workerHeapMb);
  const worker = startWorker(WORKER, {
    workerData: job,
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: Math.max(4, Math.round(heapMb / 8)),
    },
  });
  const tell = (m: ToWorker) => worker.postMessage(m);
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (err?: unknown) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (err === undefined) resolve();
      else reject(err instanceof Error ? err : new Error(String(err)));
    };
    // The client went away (or the file is complete): nobody needs the worker any more.
    stream.once('close', () => settle());
    worker.on('message', (m: ToParent) => {
      if (m.kind === 'chunk') {
        const chunk = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength);
        if (stream.write(chunk)) tell({ kind: 'written' });
        else stream.once('drain', () => tell({ kind: 'written' }));
      } else if (m.kind === 'next') {
        next(m.cursor).then((rows) => tell({ kind: 'batch', rows }), settle);
      } else {
        stream.end();
        settle();
      }
    });
    worker.once('error', (err: Error & { code?: string }) =>
      settle(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerFailed('The export ran out of its memory.', 'memory')
          : err,
      ),
    );
    worker.once('exit', (code) =>
      settle(new WorkerFailed(`The export stopped (exit code ${code}).`, 'error')),
    );
  });
}
