import type { OfflineHours } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { callsKeys } from './calls-keys';

/** GET /video_call/offline_hours/{device_id}: the hours calls are taken and the offline response. */
export async function getOfflineHours(deviceId: number, signal?: AbortSignal): Promise<OfflineHours> {
  const { data } = await api.get<OfflineHours>(`/video_call/offline_hours/${deviceId}`, undefined, signal);
  return data;
}

export function offlineHoursQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: callsKeys.offlineHours(deviceId),
    queryFn: ({ signal }) => getOfflineHours(deviceId ?? 0, signal),
    enabled: deviceId !== null,
    // The dialog's form starts from what is saved now, not from a cached copy.
    staleTime: 0,
  });
}

export function useOfflineHours(deviceId: number | null, enabled = true) {
  return useQuery({ ...offlineHoursQueryOptions(deviceId), enabled: enabled && deviceId !== null });
}
