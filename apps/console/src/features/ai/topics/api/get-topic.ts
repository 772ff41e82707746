import type { Topic } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/intents/intent?intent_id=: one topic. */
export async function getTopic(deviceId: AiDeviceId, id: number, signal?: AbortSignal): Promise<Topic> {
  const { data } = await api.get<Topic>(
    '/ai_config/intents/intent',
    { intent_id: id, device_id: deviceId ?? undefined },
    signal,
  );
  return data;
}

export function topicQueryOptions(deviceId: AiDeviceId, id: number) {
  return queryOptions({
    queryKey: aiKeys.topic(deviceId, id),
    queryFn: ({ signal }) => getTopic(deviceId, id, signal),
    enabled: deviceId !== null && Number.isInteger(id) && id > 0,
  });
}

export function useTopic(id: number) {
  return useQuery(topicQueryOptions(useAiDeviceId(), id));
}
