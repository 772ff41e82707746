import type { ColumnFinder } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/intents/column_finder: one column (root without category_id). */
export async function getColumnFinder(
  deviceId: AiDeviceId,
  categoryId: number | null,
  signal?: AbortSignal,
): Promise<ColumnFinder> {
  const { data } = await api.get<ColumnFinder>(
    '/ai_config/intents/column_finder',
    {
      ...(deviceId !== null && { device_id: deviceId }),
      ...(categoryId !== null && { category_id: categoryId }),
    },
    signal,
  );
  return data;
}

export function columnFinderQueryOptions(deviceId: AiDeviceId, categoryId: number | null) {
  return queryOptions({
    queryKey: aiKeys.columnFinder(deviceId, categoryId),
    queryFn: ({ signal }) => getColumnFinder(deviceId, categoryId, signal),
    enabled: deviceId !== null,
  });
}

export function useColumnFinder(categoryId: number | null) {
  return useQuery(columnFinderQueryOptions(useAiDeviceId(), categoryId));
}
