import { useAuth } from '../../../shared/auth/auth-store';

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
  graph: (deviceId: DashboardDeviceId, range: DashboardRange) =>
    [...dashboardKeys.device(deviceId), 'graph', range] as const,
  count: (deviceId: DashboardDeviceId, range: DashboardRange) =>
    [...dashboardKeys.device(deviceId), 'conversation_count', range] as const,
  aet: (deviceId: DashboardDeviceId, range: DashboardRange) =>
    [...dashboardKeys.device(deviceId), 'aet', range] as const,
  faq: (deviceId: DashboardDeviceId, range: DashboardRange) =>
    [...dashboardKeys.device(deviceId), 'faq', range] as const,
};

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
