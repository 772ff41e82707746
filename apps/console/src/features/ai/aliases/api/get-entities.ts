import type { KeywordAliases } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

export type EntitiesParams = {
  limit: number;
  offset: number;
  search?: string;
  sort_by: 'keyword' | 'alias';
  order: 'asc' | 'desc';
};
export type EntitiesPage = { entities: KeywordAliases[]; total: number };

/** GET /ai_config/entities: every keyword of the device's topics with its aliases, paged. */
export async function getEntities(
  deviceId: AiDeviceId,
  params: EntitiesParams,
  signal?: AbortSignal,
): Promise<EntitiesPage> {
  const { data, total } = await api.get<KeywordAliases[]>(
    '/ai_config/entities',
    { ...params, ...(deviceId !== null && { device_id: deviceId }) },
    signal,
  );
  return { entities: data, total: total ?? data.length };
}

export function entitiesQueryOptions(deviceId: AiDeviceId, params: EntitiesParams) {
  return queryOptions({
    queryKey: aiKeys.entityList(deviceId, params),
    queryFn: ({ signal }) => getEntities(deviceId, params, signal),
    enabled: deviceId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useEntities(params: EntitiesParams) {
  return useQuery(entitiesQueryOptions(useAiDeviceId(), params));
}
