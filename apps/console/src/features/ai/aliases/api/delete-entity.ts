import type { AliasesBulkRequest, BulkResult, UndoTicket } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId } from '@/features/ai/common/api/ai-keys';

export type DeleteEntityBody = { device_id: number; entity_id: number };

/** DELETE /ai_config/entities {device_id, entity_id}: the answer is its undo ticket. */
export async function deleteEntity(body: DeleteEntityBody): Promise<UndoTicket> {
  return (await api.delete<UndoTicket>('/ai_config/entities', body)).data;
}

/** After a delete or its undo: every list and finder of the device's aliases. */
export function useRefreshEntities() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return () => queryClient.invalidateQueries({ queryKey: aiKeys.entities(deviceId) });
}

export function useDeleteEntity() {
  const refresh = useRefreshEntities();
  return useMutation({ mutationFn: deleteEntity, onSuccess: () => refresh() });
}

/** POST /ai_config/entities/bulk: delete the aliases of the picked keywords, or of all the search matches. */
export function useBulkDeleteEntities() {
  const deviceId = useAiDeviceId();
  const refresh = useRefreshEntities();
  return useMutation({
    mutationFn: async (selection: AliasesBulkRequest['selection']) =>
      (
        await api.post<BulkResult>('/ai_config/entities/bulk', {
          device_id: deviceId ?? 0,
          action: 'delete',
          selection,
        })
      ).data,
    onSuccess: () => refresh(),
  });
}
