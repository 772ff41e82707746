import type { AvatarMotion } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import type { TopicAvatarMotion } from './get-avatar-motion';

/** PUT /ai_config/intents/avatar_motion: a motion, or null for none. */
export async function updateAvatarMotion(body: {
  device_id: number;
  intent_id: number;
  motion: AvatarMotion | null;
}): Promise<TopicAvatarMotion> {
  const { data } = await api.put<TopicAvatarMotion>('/ai_config/intents/avatar_motion', body);
  return data;
}

export function useUpdateAvatarMotion() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (body: { intent_id: number; motion: AvatarMotion | null }) =>
      updateAvatarMotion({ ...body, device_id: deviceId ?? 0 }),
    onSuccess: (data) => {
      queryClient.setQueryData(aiKeys.avatarMotion(deviceId, data.intent_id), data);
      return queryClient.invalidateQueries({ queryKey: aiKeys.topic(deviceId, data.intent_id) });
    },
  });
}
