import type { Aet } from '@ambassador/contracts';
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

/** GET /dashboard/aet: average engagement time (seconds, null without sessions) of the range. */
export async function getAet(
  deviceId: DashboardDeviceId,
  range: DashboardRange,
  signal?: AbortSignal,
): Promise<Aet> {
  const { data } = await api.get<Aet>('/dashboard/aet', dashboardQuery(deviceId, range), signal);
  return data;
}

export function aetQueryOptions(deviceId: DashboardDeviceId, range: DashboardRange, enabled = true) {
  return queryOptions({
    queryKey: dashboardKeys.aet(deviceId, range),
    queryFn: ({ signal }) => getAet(deviceId, range, signal),
    placeholderData: (previous, previousQuery) =>
      ofSameDevice(previousQuery, deviceId) ? previous : undefined,
    enabled: enabled && deviceId !== null,
  });
}

export function useAet(range: DashboardRange, enabled = true) {
  return useQuery(aetQueryOptions(useDashboardDeviceId(), range, enabled));
}
