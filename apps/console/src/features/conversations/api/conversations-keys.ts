import type { Conversation, FallbackGroupsQuery } from '@ambassador/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ConversationListQuery } from '../lib/filters';

export type ConversationsPage = { rows: Conversation[]; total: number };

/**
 * Query keys of Conversation Review. Lists (the table) and the right bar's bookmarks are both
 * pages of conversations, under separate prefixes so a bookmark change can refresh the card
 * without pulling the row the operator just touched out of the table.
 */
export const conversationsKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationsKeys.all, 'list'] as const,
  list: (query: ConversationListQuery) => [...conversationsKeys.lists(), query] as const,
  bookmarks: () => [...conversationsKeys.all, 'bookmarks'] as const,
  bookmarksOf: (query: ConversationListQuery) => [...conversationsKeys.bookmarks(), query] as const,
  sessions: () => [...conversationsKeys.all, 'session'] as const,
  /** A visit's questions; a conversation without a session is a visit of its own. */
  session: (row: { id: number; session_id: string | null }) =>
    [...conversationsKeys.sessions(), row.session_id ?? `conversation-${row.id}`] as const,
  categories: (deviceIds: number[]) => [...conversationsKeys.all, 'categories', deviceIds] as const,
  topics: (deviceId: number, text: string) => [...conversationsKeys.all, 'topics', deviceId, text] as const,
  groups: () => [...conversationsKeys.all, 'groups'] as const,
  groupsOf: (query: FallbackGroupsQuery) => [...conversationsKeys.groups(), query] as const,
  topicCategories: (deviceId: number) => [...conversationsKeys.all, 'topic-categories', deviceId] as const,
};

/** Changes one conversation wherever a page of them is cached (table pages, bookmarks, visits). */
export function patchCachedRow(
  queryClient: QueryClient,
  id: number,
  change: (row: Conversation) => Conversation,
): void {
  for (const prefix of [
    conversationsKeys.lists(),
    conversationsKeys.bookmarks(),
    conversationsKeys.sessions(),
  ]) {
    queryClient.setQueriesData<ConversationsPage>({ queryKey: prefix }, (page) =>
      page && page.rows.some((row) => row.id === id)
        ? { ...page, rows: page.rows.map((row) => (row.id === id ? change(row) : row)) }
        : page,
    );
  }
}
