import type {
  AskRequest,
  AskResult,
  DeviceConfig,
  Language,
  Rating,
  VisitorSession,
} from '@ambassador/contracts';
import { createDeviceClient, type ClientOptions } from './device-client';

/** Mirrors IDEMPOTENCY_HEADER of the contract (checked in a test). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type RateResult = { conversation_id: number; rating: Rating; comment: string };

/** Every call of the device API (`/device_api/v1`) a kiosk makes. */
export function createDeviceApi(options: ClientOptions) {
  const client = createDeviceClient(options);
  return {
    config: (signal?: AbortSignal) => client.json<DeviceConfig>('GET', '/config', { signal }),
    startSession: (language: Language) =>
      client.json<VisitorSession>('POST', '/sessions', { body: { language } }),
    endSession: (sessionId: string) =>
      client.json<VisitorSession>('POST', `/sessions/${encodeURIComponent(sessionId)}/end`, { body: {} }),
    /** The same `idempotencyKey` on every retry, so the server logs the question once. */
    ask: (body: AskRequest, idempotencyKey: string, signal?: AbortSignal) =>
      client.json<AskResult>('POST', '/ask', {
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        signal,
      }),
    rate: (conversationId: number, rating: Rating, comment = '') =>
      client.json<RateResult>('POST', `/conversations/${conversationId}/rating`, {
        body: { rating, comment },
      }),
    /** WAV bytes of `text`; 503 `tts_unavailable` when the server cannot speak. */
    speech: (language: Language, text: string, signal?: AbortSignal) =>
      client.blob('/speech', { body: { language, text }, signal }),
  };
}

export type DeviceApi = ReturnType<typeof createDeviceApi>;
