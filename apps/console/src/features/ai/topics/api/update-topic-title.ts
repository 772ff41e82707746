import type { Topic, ZUpdateTopicTitleRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId } from '@/features/ai/common/api/ai-keys';

export type UpdateTopicTitleRequest = z.input<typeof ZUpdateTopicTitleRequest>;

/** PUT /ai_config/intents/intent_title: rename a topic (409 topic_name_taken). */
export async function updateTopicTitle(body: UpdateTopicTitleRequest): Promise<Topic> {
  const { data } = await api.put<Topic>('/ai_config/intents/intent_title', body);
  return data;
}

export function useUpdateTopicTitle() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (body: Omit<UpdateTopicTitleRequest, 'device_id'>) =>
      updateTopicTitle({ ...body, device_id: deviceId ?? 0 }),
    onSuccess: async (topic) => {
      queryClient.setQueryData(aiKeys.topic(deviceId, topic.id), topic);
      // Names show in lists, breadcrumbs, finders, keyword conflicts and button payloads.
      await queryClient.invalidateQueries({ queryKey: aiKeys.device(deviceId) });
    },
  });
}
