import type { AskRequest, AskResult } from '@ambassador/contracts';
import { DeviceApiError } from '../api/device-client';
import type { DeviceApi } from '../api/device-api';

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Asks, and when the network or the server fails, asks again after each of `delaysMs` with the
 * same idempotency key (the server answers a repeat without logging the question twice).
 * A refusal (400, 401, 404) is final at once.
 */
export async function askWithRetry(
  api: Pick<DeviceApi, 'ask'>,
  body: AskRequest,
  idempotencyKey: string,
  delaysMs: readonly number[],
  signal?: AbortSignal,
): Promise<AskResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.ask(body, idempotencyKey, signal);
    } catch (error) {
      const delay = delaysMs[attempt];
      if (!(error instanceof DeviceApiError) || !error.retryable || delay === undefined) throw error;
      await wait(delay, signal);
    }
  }
}
