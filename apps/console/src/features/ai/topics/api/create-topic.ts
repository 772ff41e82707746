import type { CreateTopicRequest, Topic } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId } from '@/features/ai/common/api/ai-keys';

/** POST /ai_config/intents/intent: 409 topic_name_taken. */
export async function createTopic(body: CreateTopicRequest): Promise<Topic> {
  const { data } = await api.post<Topic>('/ai_config/intents/intent', body);
  return data;
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (body: Omit<CreateTopicRequest, 'device_id'>) =>
      createTopic({ ...body, device_id: deviceId ?? 0 }),
    // Lists, counts of categories, finders and the parent's sub-topics all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.device(deviceId) }),
  });
}
