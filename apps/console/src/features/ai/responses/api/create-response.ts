import type { AiResponse, CreateResponseRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** POST /ai_config/intents/responses: buttons come back padded to whole rows. */
export async function createResponse(body: CreateResponseRequest): Promise<AiResponse> {
  const { data } = await api.post<AiResponse>('/ai_config/intents/responses', body);
  return data;
}

/** Responses and the topics' response counts. */
export function invalidateResponses(queryClient: QueryClient, deviceId: AiDeviceId) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: aiKeys.responses(deviceId) }),
    queryClient.invalidateQueries({ queryKey: aiKeys.topics(deviceId) }),
  ]);
}

export function useCreateResponse() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: createResponse,
    onSuccess: () => invalidateResponses(queryClient, deviceId),
  });
}
