import type { Topic } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** How many question topics the device has: the total of a one-row page of GET /ai_config/intents/intent. */
export async function getTopicCount(deviceId: AiDeviceId, signal?: AbortSignal): Promise<number> {
  const { data, total } = await api.get<Topic[]>(
    '/ai_config/intents/intent',
    { ...(deviceId !== null && { device_id: deviceId }), limit: 1, offset: 0 },
    signal,
  );
  return total ?? data.length;
}

export function topicCountQueryOptions(deviceId: AiDeviceId) {
  return queryOptions({
    queryKey: [...aiKeys.topics(deviceId), 'count'] as const,
    queryFn: ({ signal }) => getTopicCount(deviceId, signal),
    enabled: deviceId !== null,
  });
}

export function useTopicCount() {
  return useQuery(topicCountQueryOptions(useAiDeviceId()));
}
