import type { AiResponse } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/intents/responses: every response of a topic (all languages and device types). */
export async function getResponses(
  deviceId: AiDeviceId,
  intentId: number,
  signal?: AbortSignal,
): Promise<AiResponse[]> {
  const { data } = await api.get<AiResponse[]>(
    '/ai_config/intents/responses',
    { intent_id: intentId, device_id: deviceId ?? undefined },
    signal,
  );
  return data;
}

export function responsesQueryOptions(deviceId: AiDeviceId, intentId: number) {
  return queryOptions({
    queryKey: aiKeys.responsesOf(deviceId, intentId),
    queryFn: ({ signal }) => getResponses(deviceId, intentId, signal),
    enabled: deviceId !== null && intentId > 0,
  });
}

/** One call for the topic; the language tabs and device-type toggle filter locally. */
export function useResponses(intentId: number) {
  return useQuery(responsesQueryOptions(useAiDeviceId(), intentId));
}
