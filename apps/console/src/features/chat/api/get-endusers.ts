import type { ChatAssignedFilter, ChatEndUser } from '@ambassador/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys, type EndUsersPage } from './chat-keys';

/** Chats per page of the list; "Show more" asks for the next. */
export const ENDUSERS_PAGE_SIZE = 30;

/** GET /chat/endusers?search=&limit=&offset=: the selected device's chats, newest activity first. */
export async function getEndUsers(
  query: {
    search: string;
    limit: number;
    offset: number;
    assigned?: ChatAssignedFilter;
    /** Only the chats with this tag; null: every tag. */
    tag?: string | null;
  },
  signal?: AbortSignal,
): Promise<EndUsersPage> {
  const { data, total } = await api.get<ChatEndUser[]>(
    '/chat/endusers',
    {
      search: query.search || undefined,
      limit: query.limit,
      offset: query.offset,
      assigned: query.assigned && query.assigned !== 'all' ? query.assigned : undefined,
      tag: query.tag ?? undefined,
    },
    signal,
  );
  return { rows: data, total: total ?? query.offset + data.length, offset: query.offset };
}

export function endUsersQueryOptions(
  deviceId: number | null,
  search: string,
  refetchInterval: number | false = false,
  assigned: ChatAssignedFilter = 'all',
  tag: string | null = null,
) {
  return infiniteQueryOptions({
    // The device is in the key: the client adds it to the call, and each device has its own chats.
    queryKey: chatKeys.list(deviceId, search, assigned, tag),
    queryFn: ({ pageParam, signal }) =>
      getEndUsers({ search, limit: ENDUSERS_PAGE_SIZE, offset: pageParam, assigned, tag }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.rows.length;
      return last.rows.length > 0 && next < last.total ? next : undefined;
    },
    // A new search keeps the previous list on screen (under a progress bar) until it answers.
    placeholderData: keepPreviousData,
    enabled: deviceId !== null,
    refetchInterval,
  });
}

export function useEndUsers(
  deviceId: number | null,
  search: string,
  refetchInterval: number | false,
  assigned: ChatAssignedFilter = 'all',
  tag: string | null = null,
) {
  return useInfiniteQuery(endUsersQueryOptions(deviceId, search, refetchInterval, assigned, tag));
}
