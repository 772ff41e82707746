import type { ChatAssignedFilter, ChatEndUser, ChatMessage } from '@ambassador/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** One page of the end-user list as the list query keeps it. */
export type EndUsersPage = { rows: ChatEndUser[]; total: number; offset: number };
export type EndUsersData = InfiniteData<EndUsersPage, number>;

/**
 * Query keys of Live Chat. The list is per device and search; the chat behind `?session=` has its
 * own header (the end user) and history, so a live message refreshes only what it touched.
 */
export const chatKeys = {
  all: ['chat'] as const,
  lists: () => [...chatKeys.all, 'endusers'] as const,
  list: (
    deviceId: number | null,
    search: string,
    assigned: ChatAssignedFilter = 'all',
    tag: string | null = null,
  ) => [...chatKeys.lists(), deviceId, search, assigned, tag] as const,
  endUser: (sessionId: string) => [...chatKeys.all, 'enduser', sessionId] as const,
  history: (sessionId: string) => [...chatKeys.all, 'history', sessionId] as const,
  /** Chats waiting for staff on every device of the project (the Live Chat badge). */
  waiting: () => [...chatKeys.all, 'waiting'] as const,
  /** The operators a chat can be assigned to. */
  operators: () => [...chatKeys.all, 'operators'] as const,
  /** Whether I am Available or Away. */
  availability: () => [...chatKeys.all, 'availability'] as const,
  /** The tags in use on a device's chats (the label filter). */
  tagLists: () => [...chatKeys.all, 'tags'] as const,
  tags: (deviceId: number | null) => [...chatKeys.tagLists(), deviceId] as const,
};

/** Changes one end user wherever a list page holds it (every search of every device). */
export function patchCachedEndUser(
  queryClient: QueryClient,
  sessionId: string,
  change: (row: ChatEndUser) => ChatEndUser,
): void {
  queryClient.setQueriesData<EndUsersData>({ queryKey: chatKeys.lists() }, (data) => {
    if (!data?.pages.some((page) => page.rows.some((row) => row.session_id === sessionId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        rows: page.rows.map((row) => (row.session_id === sessionId ? change(row) : row)),
      })),
    };
  });
}

/** The cached history of a chat, if it is loaded. */
export function cachedHistory(queryClient: QueryClient, sessionId: string): ChatMessage[] | undefined {
  return queryClient.getQueryData<ChatMessage[]>(chatKeys.history(sessionId));
}
