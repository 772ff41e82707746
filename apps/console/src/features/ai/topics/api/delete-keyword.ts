import type { UndoTicket } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { invalidateKeywords } from './create-keyword';

/** DELETE /ai_config/intents/keywords: the answer is its undo ticket. */
export async function deleteKeyword(body: { device_id: number; id: number }): Promise<UndoTicket> {
  return (await api.delete<UndoTicket>('/ai_config/intents/keywords', body)).data;
}

/** After an undo: the device's keywords and phrases again. */
export function useRefreshKeywords() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return () => invalidateKeywords(queryClient, deviceId);
}

export function useDeleteKeyword() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (id: number) => deleteKeyword({ device_id: deviceId ?? 0, id }),
    onSuccess: () => invalidateKeywords(queryClient, deviceId),
  });
}
