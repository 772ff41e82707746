import type { ButtonPayload, Language } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/intents/button_payloads: keywords of every topic in a language, to press as a button. */
export async function getButtonPayloads(
  deviceId: AiDeviceId,
  language: Language,
  signal?: AbortSignal,
): Promise<ButtonPayload[]> {
  const { data } = await api.get<ButtonPayload[]>(
    '/ai_config/intents/button_payloads',
    { language, device_id: deviceId ?? undefined },
    signal,
  );
  return data;
}

export function buttonPayloadsQueryOptions(deviceId: AiDeviceId, language: Language) {
  return queryOptions({
    queryKey: aiKeys.buttonPayloads(deviceId, language),
    queryFn: ({ signal }) => getButtonPayloads(deviceId, language, signal),
    enabled: deviceId !== null,
    staleTime: 30_000,
  });
}

export function useButtonPayloads(language: Language) {
  return useQuery(buttonPayloadsQueryOptions(useAiDeviceId(), language));
}
