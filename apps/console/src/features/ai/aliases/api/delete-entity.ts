import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

export type DeleteEntityBody = { device_id: number; entity_id: number };

/** DELETE /ai_config/entities {device_id, entity_id}. */
export async function deleteEntity(body: DeleteEntityBody): Promise<void> {
  await api.delete<null>('/ai_config/entities', body);
}

export function useDeleteEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntity,
    onSuccess: (_data, body) => queryClient.invalidateQueries({ queryKey: aiKeys.entities(body.device_id) }),
  });
}
