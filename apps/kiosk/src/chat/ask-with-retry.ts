import type { AskRequest, AskResult } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { withRetry } from '../lib/with-retry';

/**
 * Asks, and when the network or the server fails, asks again after each of `delaysMs` with the
 * same idempotency key (the server answers a repeat without logging the question twice).
 * A refusal (400, 401, 404) is final at once.
 */
export function askWithRetry(
  api: Pick<DeviceApi, 'ask'>,
  body: AskRequest,
  idempotencyKey: string,
  delaysMs: readonly number[],
  signal?: AbortSignal,
): Promise<AskResult> {
  return withRetry((s) => api.ask(body, idempotencyKey, s), delaysMs, signal);
}
