import { AppError } from '../../lib/errors.js';
import { runWorker, WorkerFailed } from '../../lib/run-worker.js';
import type { PlanWorkerResult } from './pdf-worker.js';

/** A PDF's bytes start with this. */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

export const pdfUnreadable = (detail: string) =>
  new AppError(422, 'pdf_unreadable', `The PDF could not be used as a floor plan: ${detail}.`);

export const pdfTooLarge = (detail: string) =>
  new AppError(
    413,
    'pdf_too_large',
    `${detail} Export the floor plan as an image (PNG or JPEG) and upload that instead.`,
  );

/** The worker's heap: pdf.js's own objects for one page; pictures live outside it, checked first. */
const WORKER_HEAP_MB = 256;
/** Time for a file: a floor plus per megabyte, far above what a real plan takes. */
const TIME_FLOOR_MS = 20_000;
const TIME_PER_MB_MS = 1_000;
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
const WORKER = new URL(`./pdf-worker.${ext}`, import.meta.url);

/**
 * The floor plan on one page of a PDF, as a JPEG (see `readPlanPicture`), read in a worker thread
 * with its own memory and time limits: a hostile or huge PDF is refused with a code
 * (`pdf_too_large`, `image_too_many_pixels`, `pdf_unreadable`…) and never blocks or kills the server.
 */
export async function pdfPagePicture(
  bytes: Buffer,
  page: number,
  maxPixels: number,
  limits: { timeoutMs?: number } = {},
): Promise<Buffer> {
  const copy = new Uint8Array(bytes); // its buffer moves to the worker; the caller keeps `bytes`
  let result: PlanWorkerResult;
  try {
    result = await runWorker<PlanWorkerResult>(
      WORKER,
      { bytes: copy, page, maxPixels },
      {
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
        timeoutMs: limits.timeoutMs ?? TIME_FLOOR_MS + Math.ceil(bytes.length / 1_048_576) * TIME_PER_MB_MS,
        transferList: [copy.buffer],
      },
    );
  } catch (e) {
    if (e instanceof WorkerFailed && e.reason === 'memory') {
      throw pdfTooLarge(`Reading the PDF needed more than the ${WORKER_HEAP_MB} MB a floor plan may use.`);
    }
    if (e instanceof WorkerFailed && e.reason === 'timeout') {
      throw pdfTooLarge('Reading the PDF took longer than a floor plan may take.');
    }
    throw e;
  }
  if (!result.ok) throw new AppError(result.status, result.code, result.message);
  return Buffer.from(result.jpeg.buffer, result.jpeg.byteOffset, result.jpeg.byteLength);
}
