import type { BulkResult, TopicsBulkRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId } from '@/features/ai/common/api/ai-keys';

/** POST /ai_config/intents/bulk: one action on the picked topics, or on all the filter matches. */
export async function bulkTopics(body: TopicsBulkRequest): Promise<BulkResult> {
  return (await api.post<BulkResult>('/ai_config/intents/bulk', body)).data;
}

/** After a bulk change or its undo: every list, count and finder of the device's topics. */
export function useRefreshTopics() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return () => queryClient.invalidateQueries({ queryKey: aiKeys.device(deviceId) });
}

export function useBulkTopics() {
  const deviceId = useAiDeviceId();
  const refresh = useRefreshTopics();
  return useMutation({
    mutationFn: (body: Omit<TopicsBulkRequest, 'device_id'>) =>
      bulkTopics({ ...body, device_id: deviceId ?? 0 }),
    onSuccess: () => refresh(),
  });
}
