import type { MatcherStatus } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** While the matcher learns, it is asked again this often, until it says Ready. */
export const MATCHER_POLL_MS = 1_000;

/** GET /ai_config/matcher_status: whether the device's matcher has learnt its latest changes. */
export async function getMatcherStatus(deviceId: AiDeviceId, signal?: AbortSignal): Promise<MatcherStatus> {
  const { data } = await api.get<MatcherStatus>(
    '/ai_config/matcher_status',
    deviceId === null ? {} : { device_id: deviceId },
    signal,
  );
  return data;
}

export function matcherStatusQueryOptions(deviceId: AiDeviceId) {
  return queryOptions({
    queryKey: aiKeys.matcherStatus(deviceId),
    queryFn: ({ signal }) => getMatcherStatus(deviceId, signal),
    enabled: deviceId !== null,
    // Every AI change invalidates the device's queries, so a change shows Training… at once; from
    // there it is polled until Ready (and while the sentence model is still starting).
    refetchInterval: (query) =>
      query.state.data?.state === 'training' ||
      query.state.data?.embedding ||
      query.state.data?.understanding?.state === 'starting'
        ? MATCHER_POLL_MS
        : false,
  });
}

export function useMatcherStatus() {
  return useQuery(matcherStatusQueryOptions(useAiDeviceId()));
}
