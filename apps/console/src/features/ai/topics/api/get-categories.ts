import type { Category } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/intents/category: the whole category tree of the device, flat. */
export async function getCategories(deviceId: AiDeviceId, signal?: AbortSignal): Promise<Category[]> {
  const { data } = await api.get<Category[]>(
    '/ai_config/intents/category',
    deviceId === null ? {} : { device_id: deviceId },
    signal,
  );
  return data;
}

export function categoriesQueryOptions(deviceId: AiDeviceId) {
  return queryOptions({
    queryKey: aiKeys.categories(deviceId),
    queryFn: ({ signal }) => getCategories(deviceId, signal),
    enabled: deviceId !== null,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions(useAiDeviceId()));
}
