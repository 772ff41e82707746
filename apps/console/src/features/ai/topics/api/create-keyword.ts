import type { CreateKeywordRequest, Keyword } from '@ambassador/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, type AiDeviceId, useAiDeviceId } from '@/features/ai/common/api/ai-keys';

/** POST /ai_config/intents/keywords: 409 keyword_exists for the same topic and language. */
export async function createKeyword(body: CreateKeywordRequest): Promise<Keyword> {
  const { data } = await api.post<Keyword>('/ai_config/intents/keywords', body);
  return data;
}

/** Keywords show in lists (counts), conflicts of other topics, checks and button payloads. */
export function invalidateKeywords(queryClient: QueryClient, deviceId: AiDeviceId) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: aiKeys.keywords(deviceId) }),
    queryClient.invalidateQueries({ queryKey: aiKeys.topics(deviceId) }),
    queryClient.invalidateQueries({ queryKey: aiKeys.entities(deviceId) }),
  ]);
}

export function useCreateKeyword() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (body: Omit<CreateKeywordRequest, 'device_id'>) =>
      createKeyword({ ...body, device_id: deviceId ?? 0 }),
    onSuccess: () => invalidateKeywords(queryClient, deviceId),
  });
}
