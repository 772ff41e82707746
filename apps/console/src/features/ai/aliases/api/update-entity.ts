import type { Entity, UpdateEntityRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

/** PUT /ai_config/entities {device_id, entity_id, aliases}: replaces the alias list. */
export async function updateEntity(body: UpdateEntityRequest): Promise<Entity> {
  const { data } = await api.put<Entity>('/ai_config/entities', body);
  return data;
}

export function useUpdateEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntity,
    onSuccess: (_entity, body) =>
      queryClient.invalidateQueries({ queryKey: aiKeys.entities(body.device_id as number) }),
  });
}
