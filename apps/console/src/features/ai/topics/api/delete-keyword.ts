import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { invalidateKeywords } from './create-keyword';

/** DELETE /ai_config/intents/keywords. */
export async function deleteKeyword(body: { device_id: number; id: number }): Promise<void> {
  await api.delete('/ai_config/intents/keywords', body);
}

export function useDeleteKeyword() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (id: number) => deleteKeyword({ device_id: deviceId ?? 0, id }),
    onSuccess: () => invalidateKeywords(queryClient, deviceId),
  });
}
