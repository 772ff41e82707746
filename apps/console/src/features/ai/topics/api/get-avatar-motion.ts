import type { ZAvatarMotionResponse } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

export type TopicAvatarMotion = z.infer<typeof ZAvatarMotionResponse>;

/** GET /ai_config/intents/avatar_motion: the topic's motion and the motions to choose from. */
export async function getAvatarMotion(
  deviceId: AiDeviceId,
  intentId: number,
  signal?: AbortSignal,
): Promise<TopicAvatarMotion> {
  const { data } = await api.get<TopicAvatarMotion>(
    '/ai_config/intents/avatar_motion',
    { intent_id: intentId, device_id: deviceId ?? undefined },
    signal,
  );
  return data;
}

export function avatarMotionQueryOptions(deviceId: AiDeviceId, intentId: number) {
  return queryOptions({
    queryKey: aiKeys.avatarMotion(deviceId, intentId),
    queryFn: ({ signal }) => getAvatarMotion(deviceId, intentId, signal),
    enabled: deviceId !== null && intentId > 0,
  });
}

export function useAvatarMotion(intentId: number) {
  return useQuery(avatarMotionQueryOptions(useAiDeviceId(), intentId));
}
