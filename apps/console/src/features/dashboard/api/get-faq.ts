import type { FaqItem } from '@ambassador/contracts';
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

/** GET /dashboard/faq: the ten topics asked most often in the range, most asked first. */
export async function getFaq(
  deviceId: DashboardDeviceId,
  range: DashboardRange,
  signal?: AbortSignal,
): Promise<FaqItem[]> {
  const { data } = await api.get<FaqItem[]>('/dashboard/faq', dashboardQuery(deviceId, range), signal);
  return data;
}

export function faqQueryOptions(deviceId: DashboardDeviceId, range: DashboardRange, enabled = true) {
  return queryOptions({
    queryKey: dashboardKeys.faq(deviceId, range),
    queryFn: ({ signal }) => getFaq(deviceId, range, signal),
    placeholderData: (previous, previousQuery) =>
      ofSameDevice(previousQuery, deviceId) ? previous : undefined,
    enabled: enabled && deviceId !== null,
  });
}

export function useFaq(range: DashboardRange, enabled = true) {
  return useQuery(faqQueryOptions(useDashboardDeviceId(), range, enabled));
}
