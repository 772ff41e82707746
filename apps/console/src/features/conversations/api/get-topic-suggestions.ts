import type { ZAutoCompleteResponse } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { conversationsKeys } from './conversations-keys';

export type TopicSuggestion = z.infer<typeof ZAutoCompleteResponse>[number];

/**
 * GET /ai_config/intents/auto_complete: topics of one device whose name matches. The device is
 * the conversation's, which may not be the selected one, so it is always passed.
 */
export async function getTopicSuggestions(
  deviceId: number,
  text: string,
  signal?: AbortSignal,
): Promise<TopicSuggestion[]> {
  const { data } = await api.get<TopicSuggestion[]>(
    '/ai_config/intents/auto_complete',
    { text, device_id: deviceId },
    signal,
  );
  return data;
}

export function topicSuggestionsQueryOptions(deviceId: number, text: string) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: conversationsKeys.topics(deviceId, trimmed),
    queryFn: ({ signal }) => getTopicSuggestions(deviceId, trimmed, signal),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Pass the already debounced text (searched after a 500 ms pause in typing, only when non-empty). */
export function useTopicSuggestions(deviceId: number, text: string) {
  return useQuery(topicSuggestionsQueryOptions(deviceId, text));
}
