import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { invalidateResponses } from './create-response';

/** DELETE /ai_config/intents/responses. */
export async function deleteResponse(body: { device_id: number; id: number }): Promise<void> {
  await api.delete('/ai_config/intents/responses', body);
}

export function useDeleteResponse() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (id: number) => deleteResponse({ device_id: deviceId ?? 0, id }),
    onSuccess: () => invalidateResponses(queryClient, deviceId),
  });
}
