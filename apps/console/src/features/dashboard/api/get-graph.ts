import type { DashboardDay } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions, useDashboardDeviceId, type DashboardRange } from './dashboard-keys';

/** GET /dashboard/graph: every day of the range (zero-filled) with its three counts. */
export function useGraph(range: DashboardRange, enabled = true) {
  return useQuery(dashboardQueryOptions<DashboardDay[]>('graph', useDashboardDeviceId(), range, enabled));
}
