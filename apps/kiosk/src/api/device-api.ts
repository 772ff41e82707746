import type {
  AskRequest,
  AskResult,
  Call,
  ChatMessage,
  DeviceChat,
  DeviceChatSendRequest,
  DeviceConfig,
  EventRun,
  KioskDirectoryUnit,
  Language,
  Rating,
  StartCallResponse,
  StartChatRequest,
  VisitorSession,
  ZRunAnswerRequest,
  ZRunAnswerResponse,
  ZRunEndRequest,
  ZRunProgressRequest,
  ZStartRunRequest,
  KioskAvatar,
  KioskFloorMap,
  LocationAnswer,
} from '@ambassador/contracts';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '@ambassador/contracts/names';
import { createDeviceClient, type ClientOptions } from './device-client';

export type RateResult = { conversation_id: number; rating: Rating; comment: string };
export type StartRunRequest = z.input<typeof ZStartRunRequest>;
export type RunProgressRequest = z.input<typeof ZRunProgressRequest>;
export type RunAnswerRequest = z.input<typeof ZRunAnswerRequest>;
export type RunAnswerResponse = z.infer<typeof ZRunAnswerResponse>;
export type RunEndRequest = z.input<typeof ZRunEndRequest>;

/** Every call of the device API (`/device_api/v1`) a kiosk makes. */
export function createDeviceApi(options: ClientOptions) {
  const client = createDeviceClient(options);
  const run = (runId: number, what: string) => `/event_runs/${runId}/${what}`;
  return {
    config: (signal?: AbortSignal) => client.json<DeviceConfig>('GET', '/config', { signal }),
    /** Staff on site unpair the kiosk with the device's staff PIN (the server checks and logs it). */
    staffUnpair: (pin: string) => client.json<null>('POST', '/staff/unpair', { body: { pin } }),
    /** The avatar in use with a fresh player address (its token is short-lived); null: none. */
    avatar: (signal?: AbortSignal) => client.json<KioskAvatar | null>('GET', '/avatar', { signal }),
    /** The device's whole directory (read again on `interface:directory`). */
    directory: (signal?: AbortSignal) => client.json<KioskDirectoryUnit[]>('GET', '/directory', { signal }),
    /** A location answer again, in the language (after `location_map:changed`). */
    location: (id: number, language: Language, signal?: AbortSignal) =>
      client.json<LocationAnswer>('GET', `/locations/${id}?language=${language}`, { signal }),
    /** The start screen's map: floors, places in the language, where the kiosk stands. */
    floorMap: (language: Language, signal?: AbortSignal) =>
      client.json<KioskFloorMap>('GET', `/floor_map?language=${language}`, { signal }),
    /** What the chat offers before the first question (the device's most asked, in the language). */
    suggestions: (language: Language, signal?: AbortSignal) =>
      client.json<string[]>('GET', `/suggestions?language=${language}`, { signal }),
    startSession: (language: Language) =>
      client.json<VisitorSession>('POST', '/sessions', { body: { language } }),
    endSession: (sessionId: string) =>
      client.json<VisitorSession>('POST', `/sessions/${encodeURIComponent(sessionId)}/end`, { body: {} }),
    /**
     * The same `idempotencyKey` on every retry, so the server logs the question once. A server
     * from before answers carried `language` (a rolling upgrade) answered in the one asked.
     */
    ask: async (body: AskRequest, idempotencyKey: string, signal?: AbortSignal): Promise<AskResult> => {
      const result = await client.json<Omit<AskResult, 'language'> & { language?: Language }>(
        'POST',
        '/ask',
        {
          body,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          signal,
        },
      );
      return { ...result, language: result.language ?? body.language };
    },
    rate: (conversationId: number, rating: Rating, comment = '') =>
      client.json<RateResult>('POST', `/conversations/${conversationId}/rating`, {
        body: { rating, comment },
      }),
    /** WAV bytes of `text`; 503 `tts_unavailable` when the server cannot speak. */
    speech: (language: Language, text: string, signal?: AbortSignal) =>
      client.blob('/speech', { body: { language, text }, signal }),

    /** The visitor asks for staff: opens a live chat the operators see. */
    startChat: (body: StartChatRequest) => client.json<DeviceChat>('POST', '/chats', { body }),
    /** The chat with every message, oldest first (to catch up after a lost connection). */
    chat: (sessionId: string, signal?: AbortSignal) =>
      client.json<DeviceChat>('GET', `/chats/${encodeURIComponent(sessionId)}`, { signal }),
    /** The same `client_id` on every retry, so the server stores the message once. */
    sendChatMessage: (sessionId: string, body: DeviceChatSendRequest, signal?: AbortSignal) =>
      client.json<ChatMessage>('POST', `/chats/${encodeURIComponent(sessionId)}/messages`, { body, signal }),
    endChat: (sessionId: string) =>
      client.json<DeviceChat>('POST', `/chats/${encodeURIComponent(sessionId)}/end`, { body: {} }),
    /** The visitor's satisfaction (1–5) once the operator ended the chat; once per chat. */
    rateChat: (sessionId: string, rating: number) =>
      client.json<DeviceChat>('POST', `/chats/${encodeURIComponent(sessionId)}/rating`, { body: { rating } }),

    /** Rings the operators, or says they are offline (outside the device's hours). */
    startCall: (language: Language) =>
      client.json<StartCallResponse>('POST', '/calls', { body: { language } }),
    /** The visitor hangs up, or gives up while it rings. */
    endCall: (realSessionId: string, signal?: AbortSignal) =>
      client.json<Call>('POST', `/calls/${encodeURIComponent(realSessionId)}/end`, { body: {}, signal }),

    /** A visitor starts the device's current event (409 event_not_current when it is not any more). */
    startRun: (body: StartRunRequest) => client.json<EventRun>('POST', '/event_runs', { body }),
    /** The run reached an activity, or a step inside it (the console's control view shows it). */
    progress: (runId: number, body: RunProgressRequest) =>
      client.json<null>('POST', run(runId, 'progress'), { body }),
    /** A quiz button the visitor pressed; the server records whether it was right. */
    answer: (runId: number, body: RunAnswerRequest) =>
      client.json<RunAnswerResponse>('POST', run(runId, 'answers'), { body }),
    /** How the run ended (a second end is ignored by the server). */
    endRun: (runId: number, body: RunEndRequest) => client.json<null>('POST', run(runId, 'end'), { body }),
  };
}

export type DeviceApi = ReturnType<typeof createDeviceApi>;
