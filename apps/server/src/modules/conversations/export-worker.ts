import { parentPort, workerData } from 'node:worker_threads';
import { Writable } from 'node:stream';
import type { ExportCursor, ExportRow } from './repo.js';
import type { ExportJob, ToParent, ToWorker } from './export-in-worker.js';
import { writeConversationsXlsx } from './xlsx-export.js';

/**
 * Worker thread (export-in-worker.ts): writes the workbook, asking the parent for each batch of
 * rows and handing it the file chunk by chunk. The next chunk waits until the parent has written
 * the last one to the client, so a slow client still pauses the reading.
 */
const port = parentPort!;
const job = workerData as ExportJob;
let written: ((err?: Error | null) => void) | undefined;
let arrived: ((rows: ExportRow[]) => void) | undefined;
const post = (message: ToParent, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

port.on('message', (m: ToWorker) => {
  if (m.kind === 'written') {
    const done = written;
    written = undefined;
    done?.();
  } else {
    const take = arrived;
    arrived = undefined;
    take?.(m.rows);
  }
});

const toParent = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk: Buffer, _encoding, callback) {
    written = callback;
    // A copy of its own, so the transfer never takes a pooled buffer from under the zip.
    const bytes = new Uint8Array(chunk);
    post({ kind: 'chunk', bytes }, [bytes.buffer]);
  },
  final(callback) {
    post({ kind: 'done' });
    callback();
  },
});

const next = (cursor: ExportCursor) =>
  new Promise<ExportRow[]>((resolve) => {
    arrived = resolve;
    post({ kind: 'next', cursor });
  });

// A failure is thrown out of the worker: the parent cuts the download off and logs it.
void writeConversationsXlsx(toParent, job.tz, job.first, next, job.opts);
