import type { OfflineHours, OfflineHoursInput } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { callsKeys } from './calls-keys';

export type OfflineHoursUpdate = { deviceId: number; body: OfflineHoursInput };

/** PUT /video_call/offline_hours/{device_id}: the whole setting (rows, time zone, responses). */
export async function updateOfflineHours({ deviceId, body }: OfflineHoursUpdate): Promise<OfflineHours> {
  const { data } = await api.put<OfflineHours>(`/video_call/offline_hours/${deviceId}`, body);
  return data;
}

export function useUpdateOfflineHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfflineHours,
    onSuccess: (data, { deviceId }) => queryClient.setQueryData(callsKeys.offlineHours(deviceId), data),
  });
}
