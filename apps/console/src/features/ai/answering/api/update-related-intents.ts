import type { AiSettings } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

export type UpdateRelatedIntentsBody = { device_id: number; is_enabled_related_intents: boolean };

/** PUT /ai_config/related_intents/on_off: the device-wide related-intents switch. */
export async function updateRelatedIntents(body: UpdateRelatedIntentsBody): Promise<AiSettings> {
  const { data } = await api.put<AiSettings>('/ai_config/related_intents/on_off', body);
  return data;
}

export function useUpdateRelatedIntents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRelatedIntents,
    onSuccess: (settings, body) => {
      queryClient.setQueryData(aiKeys.settings(body.device_id), settings);
      return queryClient.invalidateQueries({ queryKey: aiKeys.settings(body.device_id) });
    },
  });
}
