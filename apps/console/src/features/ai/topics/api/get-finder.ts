import type { FinderNode } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/intents/finder: the whole category → topic tree (data.intents). */
export async function getFinder(deviceId: AiDeviceId, signal?: AbortSignal): Promise<FinderNode[]> {
  const { data } = await api.get<{ intents: FinderNode[] }>(
    '/ai_config/intents/finder',
    deviceId === null ? {} : { device_id: deviceId },
    signal,
  );
  return data.intents;
}

export function finderQueryOptions(deviceId: AiDeviceId) {
  return queryOptions({
    queryKey: aiKeys.finderTree(deviceId),
    queryFn: ({ signal }) => getFinder(deviceId, signal),
    enabled: deviceId !== null,
  });
}

export function useFinder(enabled = true) {
  const options = finderQueryOptions(useAiDeviceId());
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
