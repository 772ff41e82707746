import type { ManagedDevice, UpdateDeviceRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { afterDeviceChange } from './after-device-change';

/** PUT /admin_settings/devices {id, description?, languages?}: rename or change languages. */
export async function updateDevice(body: UpdateDeviceRequest): Promise<ManagedDevice> {
  const { data } = await api.put<ManagedDevice>('/admin_settings/devices', body);
  return data;
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: () => afterDeviceChange(queryClient),
  });
}
