import type { BulkResult, EventsBulkRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { eventsKeys } from './events-keys';

/** What a bulk delete takes: the picked events or quizzes, or all of the device's. */
export type BulkSelection = EventsBulkRequest['selection'];
export type BulkTarget = 'event' | 'quiz';

/** After a delete or its undo: the events, the current one, and the quiz library (which names its events). */
export function useRefreshEventManager() {
  const queryClient = useQueryClient();
  // The quiz library's keys start with the events' too.
  return () => queryClient.invalidateQueries({ queryKey: eventsKeys.all });
}

/** POST /event_manager/{event|quiz}/bulk: delete the picked ones, or all; the current event and quizzes in use stay. */
export function useBulkDelete(target: BulkTarget, deviceId: number) {
  const refresh = useRefreshEventManager();
  return useMutation({
    mutationFn: async (selection: BulkSelection) =>
      (
        await api.post<BulkResult>(`/event_manager/${target}/bulk`, {
          device_id: deviceId,
          action: 'delete',
          selection,
        })
      ).data,
    onSettled: () => void refresh(),
  });
}
