import type { AiSettings } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

export type UpdateAnswerConfidenceBody = { device_id: number; answer_confidence: number | null };

/** PUT /ai_config/answer_confidence: the device's own value, or null for the default. */
export async function updateAnswerConfidence(body: UpdateAnswerConfidenceBody): Promise<AiSettings> {
  const { data } = await api.put<AiSettings>('/ai_config/answer_confidence', body);
  return data;
}

export function useUpdateAnswerConfidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnswerConfidence,
    onSuccess: (settings, body) => {
      queryClient.setQueryData(aiKeys.settings(body.device_id), settings);
      // Previews compare with the setting in force: they are out of date now.
      return queryClient.invalidateQueries({ queryKey: aiKeys.confidencePreviews(body.device_id) });
    },
  });
}
