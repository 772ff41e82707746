import type { AiSettings } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/settings: the device's AI switches. */
export async function getAiSettings(deviceId: AiDeviceId, signal?: AbortSignal): Promise<AiSettings> {
  const { data } = await api.get<AiSettings>(
    '/ai_config/settings',
    deviceId === null ? {} : { device_id: deviceId },
    signal,
  );
  return data;
}

export function aiSettingsQueryOptions(deviceId: AiDeviceId) {
  return queryOptions({
    queryKey: aiKeys.settings(deviceId),
    queryFn: ({ signal }) => getAiSettings(deviceId, signal),
    enabled: deviceId !== null,
  });
}

export function useAiSettings() {
  return useQuery(aiSettingsQueryOptions(useAiDeviceId()));
}
