import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAuth } from '@/shared/auth/auth-store';

/** The device the dashboard is about: the selected one, null before there is one. */
export type DashboardDeviceId = number | null;

/** What every dashboard call takes besides the device: calendar days in a time zone. */
export type DashboardRange = { start_datetime: string; end_datetime: string; tz: string };

export function useDashboardDeviceId(): DashboardDeviceId {
  return useAuth().selected_device;
}

/**
 * Query keys of the dashboard. Each starts with `['dashboard', deviceId]`: choosing another
 * device gives new keys, so every figure is fetched again for it.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  device: (deviceId: DashboardDeviceId) => [...dashboardKeys.all, deviceId] as const,
  call: (deviceId: DashboardDeviceId, call: DashboardCall, range: DashboardRange) =>
    [...dashboardKeys.device(deviceId), call, range] as const,
};

/** The dashboard calls: same query (device and range), same caching, their own data. */
export type DashboardCall = 'graph' | 'conversation_count' | 'aet' | 'faq' | 'trends';

/**
 * While a new range loads, the figures of the previous range stay (dimmed) instead of skeletons;
 * never those of another device, which would be wrong rather than old.
 */
export function ofSameDevice(
  previousQuery: { queryKey: readonly unknown[] } | undefined,
  deviceId: DashboardDeviceId,
): boolean {
  return previousQuery?.queryKey[1] === deviceId;
}

/** The call's query: the range, and the device explicitly (the key and the call always agree). */
export function dashboardQuery(deviceId: DashboardDeviceId, range: DashboardRange) {
  return { ...range, device_id: deviceId ?? undefined };
}

/** `GET /dashboard/<call>` for the device and range, as TanStack Query options. */
export function dashboardQueryOptions<T>(
  call: DashboardCall,
  deviceId: DashboardDeviceId,
  range: DashboardRange,
  enabled = true,
) {
  return queryOptions({
    queryKey: dashboardKeys.call(deviceId, call, range),
    queryFn: async ({ signal }): Promise<T> =>
      (await api.get<T>(`/dashboard/${call}`, dashboardQuery(deviceId, range), signal)).data,
    placeholderData: (previous, previousQuery) =>
      ofSameDevice(previousQuery, deviceId) ? previous : undefined,
    enabled: enabled && deviceId !== null,
  });
}
