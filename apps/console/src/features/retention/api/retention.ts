import type { RetentionSettings } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export const retentionKeys = { all: ['retention'] as const };

/** GET /admin_settings/retention: how long the project keeps visitor conversations (null: for ever). */
export async function getRetention(signal?: AbortSignal): Promise<RetentionSettings> {
  const { data } = await api.get<RetentionSettings>('/admin_settings/retention', undefined, signal);
  return data;
}

/** PUT /admin_settings/retention {conversation_retention_days}. */
export async function updateRetention(input: RetentionSettings): Promise<RetentionSettings> {
  const { data } = await api.put<RetentionSettings>('/admin_settings/retention', input);
  return data;
}

export const retentionQueryOptions = () =>
  queryOptions({ queryKey: retentionKeys.all, queryFn: ({ signal }) => getRetention(signal) });

export const useRetention = () => useQuery(retentionQueryOptions());

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetention,
    onSuccess: (saved) => queryClient.setQueryData(retentionKeys.all, saved),
  });
}
