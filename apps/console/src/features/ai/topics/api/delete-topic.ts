import type { UndoTicket } from '@ambassador/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** DELETE /ai_config/intents/intent: its sub-topics, keywords and responses go with it; undoable. */
export async function deleteTopic(body: { device_id: number; id: number }): Promise<UndoTicket> {
  return (await api.delete<UndoTicket>('/ai_config/intents/intent', body)).data;
}

/** Keys of one topic's own queries (the topic, its nav, motion, keywords and responses). */
export function isTopicOwnKey(key: QueryKey, deviceId: AiDeviceId, id: number): boolean {
  const [root, device, area, kind, value] = key;
  if (root !== aiKeys.all[0] || device !== deviceId) return false;
  if (area === 'topics')
    return (kind === 'detail' || kind === 'nav' || kind === 'avatar_motion') && value === id;
  return (area === 'keywords' || area === 'responses') && kind === id;
}

export function useDeleteTopic() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (id: number) => deleteTopic({ device_id: deviceId ?? 0, id }),
    onSuccess: (_data, id) =>
      // Refresh everything else; the deleted topic's own queries would only answer 404 now (the
      // screen showing them is leaving), so they are left to expire.
      queryClient.invalidateQueries({
        queryKey: aiKeys.device(deviceId),
        predicate: (query) => !isTopicOwnKey(query.queryKey, deviceId, id),
      }),
  });
}
