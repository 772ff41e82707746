import type { CreateDeviceRequest, DeviceWithKey } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { afterDeviceChange } from './after-device-change';

/** POST /admin_settings/devices: the new device and its key, which the server shows only this once. */
export async function createDevice(body: CreateDeviceRequest): Promise<DeviceWithKey> {
  const { data } = await api.post<DeviceWithKey>('/admin_settings/devices', body);
  return data;
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    // The answer holds the key: do not keep it in the mutation cache once read.
    gcTime: 0,
    onSuccess: () => afterDeviceChange(queryClient),
  });
}
