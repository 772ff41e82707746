import type { DeviceWithKey } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { afterDeviceChange } from './after-device-change';

/** POST /admin_settings/devices/key {id}: a new key, shown once; the old one stops at once. */
export async function rotateDeviceKey(id: number): Promise<DeviceWithKey> {
  const { data } = await api.post<DeviceWithKey>('/admin_settings/devices/key', { id });
  return data;
}

export function useRotateDeviceKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateDeviceKey,
    // The answer holds the key: do not keep it in the mutation cache once read.
    gcTime: 0,
    onSuccess: () => afterDeviceChange(queryClient),
  });
}
