import type { AliasFinder } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

export type AliasFinderParams = { search?: string; intent_id?: number };

/** GET /ai_config/alias_finder: topics matching a search, or one topic's keywords with their aliases. */
export async function getAliasFinder(
  deviceId: AiDeviceId,
  params: AliasFinderParams,
  signal?: AbortSignal,
): Promise<AliasFinder> {
  const { data } = await api.get<AliasFinder>(
    '/ai_config/alias_finder',
    { ...params, ...(deviceId !== null && { device_id: deviceId }) },
    signal,
  );
  return data;
}

export function aliasFinderQueryOptions(deviceId: AiDeviceId, params: AliasFinderParams) {
  return queryOptions({
    queryKey: aiKeys.aliasFinder(deviceId, params),
    queryFn: ({ signal }) => getAliasFinder(deviceId, params, signal),
    enabled: deviceId !== null,
    // Keep the last topic list while typing; a topic's keywords never stand in for another's.
    placeholderData: params.intent_id === undefined ? keepPreviousData : undefined,
  });
}

export function useAliasFinder(params: AliasFinderParams, enabled = true) {
  const options = aliasFinderQueryOptions(useAiDeviceId(), params);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
