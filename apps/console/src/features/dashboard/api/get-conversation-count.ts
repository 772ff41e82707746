import type { ConversationCount } from '@ambassador/contracts';
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

/** GET /dashboard/conversation_count: conversations, fallbacks and Q&A sessions of the range. */
export async function getConversationCount(
  deviceId: DashboardDeviceId,
  range: DashboardRange,
  signal?: AbortSignal,
): Promise<ConversationCount> {
  const { data } = await api.get<ConversationCount>(
    '/dashboard/conversation_count',
    dashboardQuery(deviceId, range),
    signal,
  );
  return data;
}

export function conversationCountQueryOptions(
  deviceId: DashboardDeviceId,
  range: DashboardRange,
  enabled = true,
) {
  return queryOptions({
    queryKey: dashboardKeys.count(deviceId, range),
    queryFn: ({ signal }) => getConversationCount(deviceId, range, signal),
    placeholderData: (previous, previousQuery) =>
      ofSameDevice(previousQuery, deviceId) ? previous : undefined,
    enabled: enabled && deviceId !== null,
  });
}

export function useConversationCount(range: DashboardRange, enabled = true) {
  return useQuery(conversationCountQueryOptions(useDashboardDeviceId(), range, enabled));
}
