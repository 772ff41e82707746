import type { ZAutoCompleteResponse } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

export type TopicSuggestion = z.infer<typeof ZAutoCompleteResponse>[number];

/** GET /ai_config/intents/auto_complete: up to 10 topics whose name matches the text. */
export async function getAutoComplete(
  deviceId: AiDeviceId,
  text: string,
  signal?: AbortSignal,
): Promise<TopicSuggestion[]> {
  const { data } = await api.get<TopicSuggestion[]>(
    '/ai_config/intents/auto_complete',
    { text, device_id: deviceId ?? undefined },
    signal,
  );
  return data;
}

export function autoCompleteQueryOptions(deviceId: AiDeviceId, text: string) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: aiKeys.autoComplete(deviceId, trimmed),
    queryFn: ({ signal }) => getAutoComplete(deviceId, trimmed, signal),
    enabled: deviceId !== null && trimmed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Pass the already debounced text (searched after a 500 ms pause in typing, only when non-empty). */
export function useAutoComplete(text: string) {
  return useQuery(autoCompleteQueryOptions(useAiDeviceId(), text));
}
