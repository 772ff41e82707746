import type { AiResponse, UpdateResponseRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { invalidateResponses } from './create-response';

/** PUT /ai_config/intents/responses: the whole response again, by id. */
export async function updateResponse(body: UpdateResponseRequest): Promise<AiResponse> {
  const { data } = await api.put<AiResponse>('/ai_config/intents/responses', body);
  return data;
}

export function useUpdateResponse() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: updateResponse,
    onSuccess: () => invalidateResponses(queryClient, deviceId),
  });
}
