import type { TopicFilter } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { smallTalkKeys } from './small-talk-keys';

/** GET /small_talk/topic_filters: one filter per language the device offers (empty ones too). */
export async function getTopicFilters(deviceId: number, signal?: AbortSignal): Promise<TopicFilter[]> {
  const { data } = await api.get<TopicFilter[]>('/small_talk/topic_filters', { device_id: deviceId }, signal);
  return data;
}

export function topicFiltersQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: smallTalkKeys.topicFilters(deviceId),
    queryFn: ({ signal }) => getTopicFilters(deviceId as number, signal),
    enabled: deviceId !== null,
  });
}

export function useTopicFilters(deviceId: number | null, enabled = true) {
  return useQuery({ ...topicFiltersQueryOptions(deviceId), enabled: deviceId !== null && enabled });
}

/** PUT /small_talk/topic_filters: one language's filter; answers it as saved. */
export async function saveTopicFilter(body: TopicFilter & { device_id: number }): Promise<TopicFilter> {
  const { data } = await api.put<TopicFilter>('/small_talk/topic_filters', body);
  return data;
}

export function useSaveTopicFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTopicFilter,
    onSuccess: (saved, body) =>
      queryClient.setQueryData<TopicFilter[]>(smallTalkKeys.topicFilters(body.device_id), (list) =>
        list?.some((f) => f.language === saved.language)
          ? list.map((f) => (f.language === saved.language ? saved : f))
          : [...(list ?? []), saved],
      ),
  });
}
