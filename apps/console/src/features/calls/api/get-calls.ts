import type { Call } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAuth } from '@/shared/auth/auth-store';
import { callsKeys, type CallsQuery } from './calls-keys';

export type CallsPage = { rows: Call[]; total: number };

/** The live list is polled this often, in case a live event was lost (socket down, sleeping laptop). */
export const CALL_LIST_POLL_MS = 30_000;

/** The live list shows the newest calls; older ones are in the call history. */
export const LIVE_LIST_LIMIT = 30;

/** GET /video_call/list/{project_id}: the project's calls, newest first (no device_id added). */
export async function getCalls(
  projectId: number,
  query: CallsQuery,
  signal?: AbortSignal,
): Promise<CallsPage> {
  const { data, total } = await api.get<Call[]>(`/video_call/list/${projectId}`, query, signal);
  return { rows: data, total: total ?? data.length };
}

function callsQueryOptions(projectId: number | null, query: CallsQuery) {
  return queryOptions({
    queryKey: callsKeys.list(projectId, query),
    queryFn: ({ signal }) => getCalls(projectId ?? 0, query, signal),
    enabled: projectId !== null,
  });
}

/** The /live_video list: newest calls of the project, refreshed by live events and a gentle poll. */
export function useLiveCalls() {
  const { auth_project_id } = useAuth();
  return useQuery({
    ...callsQueryOptions(auth_project_id, { limit: LIVE_LIST_LIMIT, offset: 0 }),
    refetchInterval: CALL_LIST_POLL_MS,
    // Live data: never served from a 30 s old cache when the page opens.
    staleTime: 0,
  });
}

/** One page of the call history dialog (loaded while it is open). */
export function useCallHistory(query: CallsQuery, enabled = true) {
  const { auth_project_id } = useAuth();
  return useQuery({
    ...callsQueryOptions(auth_project_id, query),
    enabled: enabled && auth_project_id !== null,
    placeholderData: keepPreviousData,
  });
}
