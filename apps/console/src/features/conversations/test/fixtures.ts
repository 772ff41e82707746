import type { Conversation } from '@ambassador/contracts';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';

/** Test support only: a conversation row as the server sends it. */
export function aConversation(id: number, patch: Partial<Conversation> = {}): Conversation {
  return {
    id,
    datetime: '2025-03-04T02:30:00Z',
    acquire: `Question ${id}`,
    reply: `Answer ${id}`,
    language: 'english',
    intent_id: 3,
    intent_identified: 'Opening hours',
    category: 'Facilities',
    response_time: 420,
    score: 0.87,
    status: 'answered',
    device_id: 7,
    device_name: 'Lobby',
    rating: null,
    comment: '',
    bookmarked: false,
    session_id: 's-1',
    trained_intent: null,
    candidate: null,
    source: null,
    steps: null,
    ...patch,
  };
}

/**
 * fakeServer with a conversation table behind GET /conversation: it pages `rows` by limit/offset
 * and, like the real server, sends `total` (which the shared fakeServer envelope leaves out).
 * Filtering is the server's business; tests look at the query the page sends.
 */
export function conversationServer(
  rows: Conversation[],
  other?: (call: FakeCall) => FakeReply | Promise<FakeReply>,
) {
  const calls = fakeServer(async (call) => {
    const custom = await other?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/conversation') {
      const offset = Number(call.query.get('offset') ?? 0);
      const limit = Number(call.query.get('limit') ?? 10);
      return { body: rows.slice(offset, offset + limit) };
    }
    return undefined;
  });
  const answer = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await answer(input, init);
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/admin_panel/conversation' || (init?.method ?? 'GET') !== 'GET' || !response.ok) {
      return response;
    }
    const body = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify({ ...body, total: rows.length }), {
      status: response.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return calls;
}

/** The list calls among the calls, newest last. */
export function listCalls(calls: FakeCall[]): FakeCall[] {
  return calls.filter((c) => c.method === 'GET' && c.path === '/conversation');
}
