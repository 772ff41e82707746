import type { Push } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { pushKeys, type PushesPage } from './push-keys';

/** GET /video_call/push?limit=&offset=: the project's pushes, newest first (no device_id: all devices). */
export async function getPushes(
  query: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<PushesPage> {
  const { data, total } = await api.get<Push[]>('/video_call/push', query, signal);
  return { rows: data, total: total ?? query.offset + data.length };
}

/** Without the live socket, a page with deliveries still pending is read again this often. */
export const PUSH_POLL_MS = 15_000;

function hasPending(page: PushesPage | undefined): boolean {
  return page?.rows.some((push) => push.deliveries.some((d) => d.status === 'pending')) ?? false;
}

/** `poll`: the socket is down, so nobody will say when a delivery changes. */
export function pushesQueryOptions(query: { limit: number; offset: number }, poll = false) {
  return queryOptions({
    queryKey: pushKeys.list(query),
    queryFn: ({ signal }) => getPushes(query, signal),
    // The previous page stays on screen (under a progress bar) while the next one loads.
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (poll && hasPending(q.state.data) ? PUSH_POLL_MS : false),
  });
}

export function usePushes(query: { limit: number; offset: number }, poll: boolean) {
  return useQuery(pushesQueryOptions(query, poll));
}
