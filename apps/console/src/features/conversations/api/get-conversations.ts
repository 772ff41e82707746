import type { Conversation } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ConversationListQuery } from '../lib/filters';
import { conversationsKeys, type ConversationsPage } from './conversations-keys';

/** GET /conversation: a page of conversations of the listed devices, filtered and sorted. */
export async function getConversations(
  query: ConversationListQuery,
  signal?: AbortSignal,
): Promise<ConversationsPage> {
  const { data, total } = await api.get<Conversation[]>('/conversation', query, signal);
  return { rows: data, total: total ?? data.length };
}

export function conversationsQueryOptions(query: ConversationListQuery) {
  return queryOptions({
    queryKey: conversationsKeys.list(query),
    queryFn: ({ signal }) => getConversations(query, signal),
    // The previous page stays on screen (under a progress bar) while the next one loads.
    placeholderData: keepPreviousData,
    enabled: query.device_ids.length > 0,
  });
}

export function useConversations(query: ConversationListQuery) {
  return useQuery(conversationsQueryOptions(query));
}

/** The right bar's bookmark card: the same call, cached apart from the table. */
export function bookmarksQueryOptions(query: ConversationListQuery) {
  return queryOptions({
    queryKey: conversationsKeys.bookmarksOf(query),
    queryFn: ({ signal }) => getConversations(query, signal),
    enabled: query.device_ids.length > 0,
    staleTime: 30_000,
  });
}

export function useBookmarkedConversations(query: ConversationListQuery) {
  return useQuery(bookmarksQueryOptions(query));
}
