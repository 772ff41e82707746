import type { ManagedDevice } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { afterDeviceChange } from './after-device-change';

/** DELETE /admin_settings/devices/key {id}: the device has no usable key afterwards (key_prefix null). */
export async function revokeDeviceKey(id: number): Promise<ManagedDevice> {
  const { data } = await api.delete<ManagedDevice>('/admin_settings/devices/key', { id });
  return data;
}

export function useRevokeDeviceKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDeviceKey,
    onSuccess: () => afterDeviceChange(queryClient),
  });
}
