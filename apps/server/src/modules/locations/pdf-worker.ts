import type { ErrorCode } from '@ambassador/contracts';
import { AppError } from '../../lib/errors.js';
import { answerParent } from '../../lib/run-worker.js';
import { readPlanPicture } from './pdf-picture.js';

/** What the worker answers: the plan as a JPEG, or the refusal to send. */
export type PlanWorkerResult =
  { ok: true; jpeg: Uint8Array } | { ok: false; status: number; code: ErrorCode; message: string };

/**
 * Worker thread (pdf.ts): one floor plan read from one PDF page. An AppError is the file's fault and
 * is answered; any other error is thrown, so it reaches the caller as the error it is.
 */
async function run(bytes: Uint8Array, page: number, maxPixels: number): Promise<PlanWorkerResult> {
  try {
    return { ok: true, jpeg: await readPlanPicture(bytes, page, maxPixels) };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, status: e.status, code: e.code, message: e.message };
    throw e;
  }
}

answerParent(({ bytes, page, maxPixels }: { bytes: Uint8Array; page: number; maxPixels: number }) =>
  run(bytes, page, maxPixels),
);
