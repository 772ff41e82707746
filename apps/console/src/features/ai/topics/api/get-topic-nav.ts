import type { TopicNav } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/intents/nav: category path, topic path (root … itself) and sub-topics. */
export async function getTopicNav(deviceId: AiDeviceId, id: number, signal?: AbortSignal): Promise<TopicNav> {
  const { data } = await api.get<TopicNav>(
    '/ai_config/intents/nav',
    { id, device_id: deviceId ?? undefined },
    signal,
  );
  return data;
}

export function topicNavQueryOptions(deviceId: AiDeviceId, id: number) {
  return queryOptions({
    queryKey: aiKeys.nav(deviceId, id),
    queryFn: ({ signal }) => getTopicNav(deviceId, id, signal),
    enabled: deviceId !== null && Number.isInteger(id) && id > 0,
  });
}

export function useTopicNav(id: number) {
  return useQuery(topicNavQueryOptions(useAiDeviceId(), id));
}
