import type { Transfer } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /setup/copy_device?device_id=: transfers into this device, newest first. */
export async function getTransfers(deviceId: AiDeviceId, signal?: AbortSignal): Promise<Transfer[]> {
  const { data } = await api.get<Transfer[]>(
    '/setup/copy_device',
    deviceId === null ? {} : { device_id: deviceId },
    signal,
  );
  return data;
}

export function transfersQueryOptions(deviceId: AiDeviceId) {
  return queryOptions({
    queryKey: aiKeys.transfers(deviceId),
    queryFn: ({ signal }) => getTransfers(deviceId, signal),
    enabled: deviceId !== null,
  });
}

export function useTransfers() {
  return useQuery(transfersQueryOptions(useAiDeviceId()));
}
