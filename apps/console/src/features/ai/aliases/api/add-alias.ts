import type { AddAliasRequest, Entity } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

/** POST /ai_config/alias_finder {device_id, keyword, alias}: adds one alias to a keyword. */
export async function addAlias(body: AddAliasRequest): Promise<Entity> {
  const { data } = await api.post<Entity>('/ai_config/alias_finder', body);
  return data;
}

export function useAddAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAlias,
    onSuccess: (_entity, body) =>
      queryClient.invalidateQueries({ queryKey: aiKeys.entities(body.device_id as number) }),
  });
}
