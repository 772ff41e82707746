import type { Language, ZKeywordCheckResponse } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

export type KeywordCheck = z.infer<typeof ZKeywordCheckResponse>;

/** GET /ai_config/intents/keywords/check: is the text already on this topic, or on others? */
export async function checkKeyword(
  deviceId: AiDeviceId,
  intentId: number,
  language: Language,
  text: string,
  signal?: AbortSignal,
): Promise<KeywordCheck> {
  const { data } = await api.get<KeywordCheck>(
    '/ai_config/intents/keywords/check',
    { intent_id: intentId, language, text, device_id: deviceId ?? undefined },
    signal,
  );
  return data;
}

export function keywordCheckQueryOptions(
  deviceId: AiDeviceId,
  intentId: number,
  language: Language,
  text: string,
) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: aiKeys.keywordCheck(deviceId, intentId, language, trimmed),
    queryFn: ({ signal }) => checkKeyword(deviceId, intentId, language, trimmed, signal),
    enabled: deviceId !== null && trimmed.length > 0 && trimmed.length <= 200,
  });
}

/** Pass the debounced text. */
export function useKeywordCheck(intentId: number, language: Language, text: string) {
  return useQuery(keywordCheckQueryOptions(useAiDeviceId(), intentId, language, text));
}
