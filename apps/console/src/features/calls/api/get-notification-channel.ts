import type { NotificationChannel } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { callsKeys } from './calls-keys';

/** GET /video_call/notification/{device_id}: how operators hear about this device's calls. */
export async function getNotificationChannel(
  deviceId: number,
  signal?: AbortSignal,
): Promise<NotificationChannel> {
  const { data } = await api.get<NotificationChannel>(
    `/video_call/notification/${deviceId}`,
    undefined,
    signal,
  );
  return data;
}

export function notificationChannelQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: callsKeys.notification(deviceId),
    queryFn: ({ signal }) => getNotificationChannel(deviceId ?? 0, signal),
    enabled: deviceId !== null,
    staleTime: 0,
  });
}

export function useNotificationChannel(deviceId: number | null, enabled = true) {
  return useQuery({ ...notificationChannelQueryOptions(deviceId), enabled: enabled && deviceId !== null });
}
