import type { Call } from '@ambassador/contracts';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';

/** Test support only: a call as the server sends it (Lobby kiosk, device 7, project 1). */
export function aCall(id: string, patch: Partial<Call> = {}): Call {
  return {
    real_session_id: id,
    project_id: 1,
    device_id: 7,
    device_name: 'Lobby kiosk',
    status: 'ended',
    created_at: '2025-03-04T02:30:00Z',
    answered_at: '2025-03-04T02:30:10Z',
    ended_at: '2025-03-04T02:31:25Z',
    answered_by: 'mary',
    duration_seconds: 75,
    ...patch,
  };
}

/** A valid uuid per number, so ids read clearly in tests: uuid(3) → '00000000-0000-4000-8000-000000000003'. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/**
 * fakeServer with the project's calls behind GET /video_call/list/1: filtered by status, device and
 * search like the server does, paged by limit/offset, with `total` in the envelope (which the
 * shared fakeServer leaves out). `other` answers first, for writes and failures.
 */
export function callServer(rows: () => Call[], other?: (call: FakeCall) => FakeReply | Promise<FakeReply>) {
  const matching = (query: URLSearchParams) => {
    const status = query.get('status') ?? '';
    const device = query.get('device_id');
    const search = (query.get('search') ?? '').toLowerCase();
    return rows().filter(
      (row) =>
        (!status || row.status === status) &&
        (!device || row.device_id === Number(device)) &&
        (!search ||
          row.device_name.toLowerCase().includes(search) ||
          (row.answered_by ?? '').toLowerCase().includes(search)),
    );
  };
  const calls = fakeServer(async (call) => {
    const custom = await other?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/video_call/list/1') {
      const offset = Number(call.query.get('offset') ?? 0);
      const limit = Number(call.query.get('limit') ?? 10);
      return { body: matching(call.query).slice(offset, offset + limit) };
    }
    return undefined;
  });
  const answer = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await answer(input, init);
    const url = new URL(String(input), 'http://localhost');
    if (
      url.pathname !== '/admin_panel/video_call/list/1' ||
      (init?.method ?? 'GET') !== 'GET' ||
      !response.ok
    ) {
      return response;
    }
    const body = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify({ ...body, total: matching(url.searchParams).length }), {
      status: response.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return calls;
}

/** The list reads among the calls, oldest first. */
export function listReads(calls: FakeCall[]): FakeCall[] {
  return calls.filter((c) => c.method === 'GET' && c.path === '/video_call/list/1');
}
