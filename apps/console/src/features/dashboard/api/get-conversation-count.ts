import type { ConversationCount } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions, useDashboardDeviceId, type DashboardRange } from './dashboard-keys';

/** GET /dashboard/conversation_count: conversations, fallbacks and Q&A sessions of the range. */
export function useConversationCount(range: DashboardRange, enabled = true) {
  return useQuery(
    dashboardQueryOptions<ConversationCount>('conversation_count', useDashboardDeviceId(), range, enabled),
  );
}
