import type { SmallTalkSettings } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { smallTalkKeys } from './small-talk-keys';

/** GET /small_talk/settings: whether the device answers small talk, and whether its topic filter declines. */
export async function getSettings(deviceId: number, signal?: AbortSignal): Promise<SmallTalkSettings> {
  const { data } = await api.get<SmallTalkSettings>('/small_talk/settings', { device_id: deviceId }, signal);
  return data;
}

export function settingsQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: smallTalkKeys.settings(deviceId),
    queryFn: ({ signal }) => getSettings(deviceId as number, signal),
    enabled: deviceId !== null,
  });
}

export function useSmallTalkSettings(deviceId: number | null) {
  return useQuery(settingsQueryOptions(deviceId));
}

export type UpdateSettingsBody = { device_id: number } & Partial<SmallTalkSettings>;

/** PUT /small_talk/settings: either switch alone, or both; answers both. */
export async function updateSettings(body: UpdateSettingsBody): Promise<SmallTalkSettings> {
  const { data } = await api.put<SmallTalkSettings>('/small_talk/settings', body);
  return data;
}

export function useUpdateSmallTalkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings, body) => queryClient.setQueryData(smallTalkKeys.settings(body.device_id), settings),
  });
}
