import type { MrcFormat, MrcFailure } from '@ambassador/contracts';
import { answerParent } from '../../../lib/run-worker.js';
import { readDocument, type ReadLimits } from './read.js';
import type { Extracted } from './types.js';
import { ScanFailure } from './types.js';

/** What the worker answers: the document read, or why it cannot be. */
export type ExtractWorkerResult =
  { ok: true; extracted: Extracted } | { ok: false; code: MrcFailure; detail: string };

/**
 * Worker thread (index.ts): one file read. A ScanFailure is the file's fault and is answered; any
 * other error is thrown, so the scan fails as an error the job may retry.
 */
async function run(bytes: Uint8Array, format: MrcFormat, limits: ReadLimits): Promise<ExtractWorkerResult> {
  try {
    return { ok: true, extracted: await readDocument(bytes, format, limits) };
  } catch (e) {
    if (e instanceof ScanFailure) return { ok: false, code: e.code, detail: e.detail };
    throw e;
  }
}

answerParent(({ bytes, format, limits }: { bytes: Uint8Array; format: MrcFormat; limits: ReadLimits }) =>
  run(bytes, format, limits),
);
