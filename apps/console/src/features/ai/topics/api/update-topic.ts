import type { Topic, UpdateTopicRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId } from '@/features/ai/common/api/ai-keys';

/** PUT /ai_config/intents/intent: any subset of name, category, switches and remarks. */
export async function updateTopic(body: UpdateTopicRequest): Promise<Topic> {
  const { data } = await api.put<Topic>('/ai_config/intents/intent', body);
  return data;
}

export function useUpdateTopic() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (body: Omit<UpdateTopicRequest, 'device_id'>) =>
      updateTopic({ ...body, device_id: deviceId ?? 0 }),
    onSuccess: async (topic) => {
      queryClient.setQueryData(aiKeys.topic(deviceId, topic.id), topic);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: aiKeys.topics(deviceId) }),
        queryClient.invalidateQueries({ queryKey: aiKeys.categories(deviceId) }),
        queryClient.invalidateQueries({ queryKey: aiKeys.finder(deviceId) }),
      ]);
    },
  });
}
