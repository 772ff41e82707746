import type { Keyword } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/intents/keywords: keywords and trained phrases of a topic, every language. */
export async function getKeywords(
  deviceId: AiDeviceId,
  intentId: number,
  signal?: AbortSignal,
): Promise<Keyword[]> {
  const { data } = await api.get<Keyword[]>(
    '/ai_config/intents/keywords',
    { intent_id: intentId, device_id: deviceId ?? undefined },
    signal,
  );
  return data;
}

export function keywordsQueryOptions(deviceId: AiDeviceId, intentId: number) {
  return queryOptions({
    queryKey: aiKeys.keywordsOf(deviceId, intentId),
    queryFn: ({ signal }) => getKeywords(deviceId, intentId, signal),
    enabled: deviceId !== null && intentId > 0,
  });
}

/** All languages in one call: the language tabs filter locally and show counts. */
export function useKeywords(intentId: number) {
  return useQuery(keywordsQueryOptions(useAiDeviceId(), intentId));
}
