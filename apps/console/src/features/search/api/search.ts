import type { SearchResult } from '@ambassador/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** GET /search: the device's things that hold `text`, the best few of each kind (none while empty). */
export function useSearch(deviceId: number | null, text: string) {
  return useQuery({
    queryKey: ['search', deviceId, text] as const,
    queryFn: async ({ signal }) =>
      (await api.get<SearchResult>('/search', { device_id: deviceId, q: text }, signal)).data,
    enabled: deviceId !== null && text !== '',
    // The last answer stays while the next is on its way: the list does not flash empty per key.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
