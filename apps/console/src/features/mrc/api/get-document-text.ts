import type { MrcDocument, MrcPassage } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAuth } from '@/shared/auth/auth-store';
import { mrcKeys, type MrcDeviceId } from './mrc-keys';

export type MrcDocumentText = { document: MrcDocument; passages: MrcPassage[] };

/** GET /mrc/{id}/text: the scanned text, passage by passage. */
export async function getDocumentText(
  deviceId: MrcDeviceId,
  id: number,
  signal?: AbortSignal,
): Promise<MrcDocumentText> {
  const { data } = await api.get<MrcDocumentText>(
    `/mrc/${id}/text`,
    deviceId === null ? undefined : { device_id: deviceId },
    signal,
  );
  return data;
}

export function documentTextQueryOptions(deviceId: MrcDeviceId, id: number | null) {
  return queryOptions({
    queryKey: mrcKeys.text(deviceId, id ?? 0),
    queryFn: ({ signal }) => getDocumentText(deviceId, id ?? 0, signal),
    enabled: deviceId !== null && id !== null,
  });
}

export function useDocumentText(id: number | null) {
  return useQuery(documentTextQueryOptions(useAuth().selected_device, id));
}
