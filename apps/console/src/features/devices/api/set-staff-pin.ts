import type { ManagedDevice, SetStaffPinRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { afterDeviceChange } from './after-device-change';

/** PUT /admin_settings/devices/staff_pin {id, pin}: the kiosk's staff PIN, or null to remove it. */
export async function setStaffPin(body: SetStaffPinRequest): Promise<ManagedDevice> {
  const { data } = await api.put<ManagedDevice>('/admin_settings/devices/staff_pin', body);
  return data;
}

export function useSetStaffPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffPin,
    onSuccess: () => afterDeviceChange(queryClient),
  });
}
