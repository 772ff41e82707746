import type { ManagedDevice } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { devicesKeys } from './devices-keys';

/** GET /admin_settings/devices: every device of the project, with its key status (never the key). */
export async function getManagedDevices(signal?: AbortSignal): Promise<ManagedDevice[]> {
  const { data } = await api.get<ManagedDevice[]>('/admin_settings/devices', undefined, signal);
  return data;
}

export function managedDevicesQueryOptions() {
  return queryOptions({
    queryKey: devicesKeys.list(),
    queryFn: ({ signal }) => getManagedDevices(signal),
    // Back from pairing a device, "last seen" should be current.
    refetchOnWindowFocus: true,
  });
}

export function useManagedDevices() {
  return useQuery(managedDevicesQueryOptions());
}
