import type { FaqItem } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions, useDashboardDeviceId, type DashboardRange } from './dashboard-keys';

/** GET /dashboard/faq: the ten topics asked most in the range. */
export function useFaq(range: DashboardRange, enabled = true) {
  return useQuery(dashboardQueryOptions<FaqItem[]>('faq', useDashboardDeviceId(), range, enabled));
}
