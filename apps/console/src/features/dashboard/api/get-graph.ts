import type { DashboardDay } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import {
  dashboardKeys,
  dashboardQuery,
  ofSameDevice,
  useDashboardDeviceId,
  type DashboardDeviceId,
  type DashboardRange,
} from './dashboard-keys';

/** GET /dashboard/graph: every day of the range (zero-filled) with its three counts. */
export async function getGraph(
  deviceId: DashboardDeviceId,
  range: DashboardRange,
  signal?: AbortSignal,
): Promise<DashboardDay[]> {
  const { data } = await api.get<DashboardDay[]>('/dashboard/graph', dashboardQuery(deviceId, range), signal);
  return data;
}

export function graphQueryOptions(deviceId: DashboardDeviceId, range: DashboardRange, enabled = true) {
  return queryOptions({
    queryKey: dashboardKeys.graph(deviceId, range),
    queryFn: ({ signal }) => getGraph(deviceId, range, signal),
    placeholderData: (previous, previousQuery) =>
      ofSameDevice(previousQuery, deviceId) ? previous : undefined,
    enabled: enabled && deviceId !== null,
  });
}

export function useGraph(range: DashboardRange, enabled = true) {
  return useQuery(graphQueryOptions(useDashboardDeviceId(), range, enabled));
}
