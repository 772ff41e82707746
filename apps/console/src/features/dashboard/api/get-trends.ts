import type { DashboardTrendDay } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions, useDashboardDeviceId, type DashboardRange } from './dashboard-keys';

/** GET /dashboard/trends: every day of the range with its containment and satisfaction. */
export function useTrends(range: DashboardRange, enabled = true) {
  return useQuery(
    dashboardQueryOptions<DashboardTrendDay[]>('trends', useDashboardDeviceId(), range, enabled),
  );
}
