import type { AiResponse, AskResult, DeviceConfig, ResponseContent } from '@ambassador/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../app';
import type { Timing } from '../lib/timing';
import { fakeSockets, type FakeSockets } from './fake-socket';

/** Test support only: a paired kiosk's device API behind a fake `fetch` (the browser boundary). */
export const KEY = 'dk_test_key_0123456789';
export const SESSION_ID = '3f1c2b7e-9a4d-4c1e-8f00-123456789abc';

export const CONFIG: DeviceConfig = {
  device: {
    id: 7,
    description: 'Lobby kiosk',
    kind: 'ambassador',
    languages: ['english', 'cantonese', 'japanese'],
    default_language: 'english',
  },
  project: { id: 1, name: 'Harbour Museum' },
  settings: { is_enabled_related_intents: true },
  messages: {
    welcome: { english: 'Welcome to the Harbour Museum!', cantonese: '歡迎嚟到海港博物館！' },
    fallback: { english: 'Please ask our staff at the front desk.' },
  },
  // Nothing saved: every component is on.
  sections: {},
  carousel: [],
  // No media: no idle loop.
  idle_screen: { media_type: 'image', idle_timeout: 60, items: [] },
  event: null,
  avatar: null,
};

export type DeviceCall = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
};
/** `network` makes fetch reject as a dropped connection does. */
export type DeviceReply = { status?: number; body?: unknown; blob?: Blob } | 'network' | undefined;
export type DeviceHandler = (call: DeviceCall) => DeviceReply | Promise<DeviceReply>;

function session(language: string, ended = false) {
  return {
    session_id: SESSION_ID,
    language,
    started_at: '2025-01-01T09:00:00.000Z',
    ended_at: ended ? '2025-01-01T09:05:00.000Z' : null,
    questions: 0,
  };
}

/** The usual answers of a working server; `handler` goes first and may answer anything. */
function defaults(call: DeviceCall): DeviceReply {
  const body = call.body as Record<string, unknown> | undefined;
  if (call.method === 'GET' && call.path === '/config') return { body: CONFIG };
  if (call.method === 'GET' && call.path === '/suggestions') return { body: [] };
  if (call.method === 'POST' && call.path === '/sessions') return { body: session(String(body?.language)) };
  if (call.method === 'POST' && call.path === `/sessions/${SESSION_ID}/end`)
    return { body: session('english', true) };
  if (call.method === 'POST' && /^\/conversations\/\d+\/rating$/.test(call.path))
    return {
      body: {
        conversation_id: Number(call.path.split('/')[2]),
        rating: body?.rating,
        comment: body?.comment,
      },
    };
  if (call.method === 'POST' && call.path === '/speech')
    return {
      status: 503,
      body: { success: false, message: 'Text-to-speech is not available', error: 'tts_unavailable' },
    };
  return undefined;
}

export function fakeDevice(handler: DeviceHandler = () => undefined) {
  const calls: DeviceCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) {
        headers[name.toLowerCase()] = value;
      }
      const call: DeviceCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/device_api\/v1/, ''),
        headers,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const reply = (await handler(call)) ?? defaults(call);
      if (reply === 'network') throw new TypeError('Failed to fetch');
      if (reply === undefined) {
        return json(404, { success: false, message: 'Not found', error: 'not_found' });
      }
      if (reply.blob)
        return new Response(reply.blob, { status: 200, headers: { 'Content-Type': 'audio/wav' } });
      const status = reply.status ?? 200;
      return json(status, status < 400 ? { success: true, message: 'ok', data: reply.body } : reply.body);
    }),
  );
  return calls;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Short delays so retries and the idle timeout run in milliseconds. */
export const FAST: Partial<Timing> = {
  retryDelaysMs: [5, 10, 15],
  requestTimeoutMs: 2_000,
  reconnectMs: 50,
};

/**
 * Renders the kiosk; `paired` remembers a key first, as after an earlier pairing. Its device
 * socket is a fake (`sockets.socket`) the test drives as the server would.
 */
export function renderKiosk({
  paired = true,
  timing = FAST,
  sockets = fakeSockets(),
}: { paired?: boolean; timing?: Partial<Timing>; sockets?: FakeSockets } = {}) {
  if (paired) localStorage.setItem('ambassador.kiosk.device_key', KEY);
  return Object.assign(render(<App timing={timing} socketFactory={sockets.factory} />), { sockets });
}

/** From the start screen into a chat in `language`. */
export async function openChat(language = 'english') {
  fireEvent.click(await screen.findByTestId(`kiosk-start-${language}`));
  return screen.findByTestId('kiosk-input');
}

let nextId = 1;
export function response(contents: ResponseContent[], speech = ''): AiResponse {
  return {
    id: nextId++,
    intent_id: 3,
    language: 'english',
    device_type: 'ambassador',
    response_aim: 'give_info',
    response_type: 'multimedia',
    speech,
    custom_content: '',
    contents,
    updated_at: '2025-01-01T09:00:00.000Z',
  };
}

export function answer(responses: AiResponse[], extra: Partial<AskResult> = {}): AskResult {
  return {
    conversation_id: 41,
    fallback: false,
    intent: { id: 3, name: 'Opening hours', score: 0.92 },
    fallback_text: null,
    responses,
    related: [],
    avatar_motion: null,
    response_time_ms: 12,
    answered_by: extra.fallback ? 'fallback' : 'topic',
    answer_text: null,
    answer_speech: null,
    source: null,
    location: null,
    language: 'english',
    ...extra,
  };
}
