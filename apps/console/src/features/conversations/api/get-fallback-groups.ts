import type { FallbackGroups, FallbackGroupsQuery } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { conversationsKeys } from './conversations-keys';

/** GET /conversation/fallback_groups: the range's fallbacks grouped by meaning, largest group first. */
export async function getFallbackGroups(query: FallbackGroupsQuery, signal?: AbortSignal) {
  const { data } = await api.get<FallbackGroups>('/conversation/fallback_groups', query, signal);
  return data;
}

export function fallbackGroupsQueryOptions(query: FallbackGroupsQuery, enabled = true) {
  return queryOptions({
    queryKey: conversationsKeys.groupsOf(query),
    queryFn: ({ signal }) => getFallbackGroups(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useFallbackGroups(query: FallbackGroupsQuery, enabled = true) {
  return useQuery(fallbackGroupsQueryOptions(query, enabled));
}
