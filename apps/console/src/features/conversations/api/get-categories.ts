import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { conversationsKeys } from './conversations-keys';

/** GET /conversation/categories: the category names of those devices' topics, sorted. */
export async function getConversationCategories(
  deviceIds: number[],
  signal?: AbortSignal,
): Promise<string[]> {
  const { data } = await api.get<string[]>('/conversation/categories', { device_ids: deviceIds }, signal);
  return data;
}

export function conversationCategoriesQueryOptions(deviceIds: number[], enabled = true) {
  return queryOptions({
    queryKey: conversationsKeys.categories(deviceIds),
    queryFn: ({ signal }) => getConversationCategories(deviceIds, signal),
    enabled: enabled && deviceIds.length > 0,
    staleTime: 60_000,
  });
}

export function useConversationCategories(deviceIds: number[], enabled = true) {
  return useQuery(conversationCategoriesQueryOptions(deviceIds, enabled));
}
