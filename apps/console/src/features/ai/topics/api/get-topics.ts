import type { Topic } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import {
  aiKeys,
  useAiDeviceId,
  type AiDeviceId,
  type TopicListParams,
} from '@/features/ai/common/api/ai-keys';

export type TopicsPage = { topics: Topic[]; total: number };

/** GET /ai_config/intents/intent: a page of topics (search, category, parent, sort, paging). */
export async function getTopics(
  deviceId: AiDeviceId,
  params: TopicListParams,
  signal?: AbortSignal,
): Promise<TopicsPage> {
  const { data, total } = await api.get<Topic[]>(
    '/ai_config/intents/intent',
    { ...params, search: params.search || undefined, device_id: deviceId ?? undefined },
    signal,
  );
  return { topics: data, total: total ?? data.length };
}

export function topicsQueryOptions(deviceId: AiDeviceId, params: TopicListParams) {
  return queryOptions({
    queryKey: aiKeys.topicList(deviceId, params),
    queryFn: ({ signal }) => getTopics(deviceId, params, signal),
    placeholderData: keepPreviousData,
    enabled: deviceId !== null,
  });
}

export function useTopics(params: TopicListParams) {
  return useQuery(topicsQueryOptions(useAiDeviceId(), params));
}
