import type { NotificationChannel } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { callsKeys } from './calls-keys';

export type NotificationChannelUpdate = { deviceId: number; body: NotificationChannel };

/** PUT /video_call/notification/{device_id}: banner, sound, desktop and ring time of the device. */
export async function updateNotificationChannel({
  deviceId,
  body,
}: NotificationChannelUpdate): Promise<NotificationChannel> {
  const { data } = await api.put<NotificationChannel>(`/video_call/notification/${deviceId}`, body);
  return data;
}

export function useUpdateNotificationChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationChannel,
    onSuccess: (data, { deviceId }) => queryClient.setQueryData(callsKeys.notification(deviceId), data),
  });
}
