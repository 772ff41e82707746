import type { Aet } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions, useDashboardDeviceId, type DashboardRange } from './dashboard-keys';

/** GET /dashboard/aet: average engagement time (seconds, null without sessions) of the range. */
export function useAet(range: DashboardRange, enabled = true) {
  return useQuery(dashboardQueryOptions<Aet>('aet', useDashboardDeviceId(), range, enabled));
}
