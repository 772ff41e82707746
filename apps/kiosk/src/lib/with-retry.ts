import { DeviceApiError } from '../api/device-client';

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
 * Runs `attempt`, and when the network or the server fails, runs it again after each of
 * `delaysMs`. Only for calls that are safe to repeat (an idempotency key or a client id makes the
 * server store them once). A refusal (400, 401, 404) is final at once.
 */
export async function withRetry<T>(
  attempt: (signal?: AbortSignal) => Promise<T>,
  delaysMs: readonly number[],
  signal?: AbortSignal,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt(signal);
    } catch (error) {
      const delay = delaysMs[tries];
      if (!(error instanceof DeviceApiError) || !error.retryable || delay === undefined) throw error;
      await wait(delay, signal);
    }
  }
}
