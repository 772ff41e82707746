import type { Category } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { conversationsKeys } from './conversations-keys';

/** GET /ai_config/intents/category: a device's topic categories, the whole tree as one flat list. */
export async function getTopicCategories(deviceId: number, signal?: AbortSignal): Promise<Category[]> {
  const { data } = await api.get<Category[]>('/ai_config/intents/category', { device_id: deviceId }, signal);
  return data;
}

export function useTopicCategories(deviceId: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: conversationsKeys.topicCategories(deviceId),
      queryFn: ({ signal }) => getTopicCategories(deviceId, signal),
      enabled,
      staleTime: 30_000,
    }),
  );
}
