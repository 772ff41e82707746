import type { Keyword, TrainRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { invalidateKeywords } from './create-keyword';

/** POST /ai_config/intents/train: adds an utterance to a topic as a trained phrase. */
export async function trainTopic(body: TrainRequest): Promise<Keyword> {
  const { data } = await api.post<Keyword>('/ai_config/intents/train', body);
  return data;
}

export function useTrainTopic() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (body: Omit<TrainRequest, 'device_id'>) => trainTopic({ ...body, device_id: deviceId ?? 0 }),
    onSuccess: () => invalidateKeywords(queryClient, deviceId),
  });
}
