import type { DeleteDeviceRequest, DeletedDevice, ManagedDevice } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { afterDeviceChange } from './after-device-change';

/** POST /admin_settings/devices/archive {id}: key revoked, out of the selector, data kept. */
export async function archiveDevice(id: number): Promise<ManagedDevice> {
  const { data } = await api.post<ManagedDevice>('/admin_settings/devices/archive', { id });
  return data;
}

/** POST /admin_settings/devices/restore {id}: back in the selector, without a key until one is made. */
export async function restoreDevice(id: number): Promise<ManagedDevice> {
  const { data } = await api.post<ManagedDevice>('/admin_settings/devices/restore', { id });
  return data;
}

/** DELETE /admin_settings/devices {id, confirm_name}: an archived device and all its own data. */
export async function deleteDevice(input: DeleteDeviceRequest): Promise<DeletedDevice> {
  const { data } = await api.delete<DeletedDevice>('/admin_settings/devices', input);
  return data;
}

/** Each changes the Devices table and the shell's selector: both refresh. */
function useDeviceMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => afterDeviceChange(queryClient) });
}

export const useArchiveDevice = () => useDeviceMutation(archiveDevice);
export const useRestoreDevice = () => useDeviceMutation(restoreDevice);
export const useDeleteDevice = () => useDeviceMutation(deleteDevice);
