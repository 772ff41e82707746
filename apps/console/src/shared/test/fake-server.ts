import { vi } from 'vitest';

/** Test support only, shared by the feature tests: the admin API behind a fake `fetch`. */
export type FakeCall = { method: string; path: string; query: URLSearchParams; body: unknown };
/** `total` goes into the envelope of a list; `status` ≥ 400 sends `body` as the whole envelope. */
export type FakeReply = { status?: number; body: unknown; total?: number } | undefined;

export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/** A fake server behind fetch (the browser boundary). Unhandled calls answer 404. */
export function fakeServer(handler: FakeHandler) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: FakeCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/admin_panel/, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      };
      calls.push(call);
      const reply = (await handler(call)) ?? {
        status: 404,
        body: { success: false, message: 'Not found', error: 'not_found' },
      };
      const status = reply.status ?? 200;
      const body =
        status < 400
          ? {
              success: true,
              message: 'ok',
              data: reply.body,
              ...(reply.total !== undefined && { total: reply.total }),
            }
          : reply.body;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
