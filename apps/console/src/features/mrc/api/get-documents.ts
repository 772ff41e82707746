import { LIVE_EVENT, type MrcDocument } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAuth } from '@/shared/auth/auth-store';
import { useLiveEvent } from '@/shared/realtime/live-socket';
import { mrcKeys, type MrcDeviceId, type MrcListParams } from './mrc-keys';

/** While a document is being scanned, the list is asked again this often. */
export const MRC_SCANNING_POLL_MS = 2_000;

export type MrcPage = { documents: MrcDocument[]; total: number };

/** GET /mrc: the device's documents (Removed ones are never listed), paged. */
export async function getDocuments(
  deviceId: MrcDeviceId,
  params: MrcListParams,
  signal?: AbortSignal,
): Promise<MrcPage> {
  const { data, total } = await api.get<MrcDocument[]>(
    '/mrc',
    { ...params, ...(deviceId !== null && { device_id: deviceId }) },
    signal,
  );
  // Documents with status Removed are hidden, whatever the server sends.
  const documents = data.filter((d) => d.status !== 'Removed');
  return { documents, total: total ?? documents.length };
}

export const anyScanning = (page: MrcPage | undefined) =>
  page?.documents.some((d) => d.status === 'Scanning') ?? false;

export function documentsQueryOptions(deviceId: MrcDeviceId, params: MrcListParams) {
  return queryOptions({
    queryKey: mrcKeys.list(deviceId, params),
    queryFn: ({ signal }) => getDocuments(deviceId, params, signal),
    enabled: deviceId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anyScanning(query.state.data) ? MRC_SCANNING_POLL_MS : false),
  });
}

export function useDocuments(params: MrcListParams) {
  return useQuery(documentsQueryOptions(useAuth().selected_device, params));
}

/**
 * The server's `mrc_document` live event (a document of the project changed status): the device's
 * lists are asked again at once, not at the next poll. Named as the contracts' LIVE_EVENT.mrcDocument.
 */
export const MRC_DOCUMENT_EVENT = LIVE_EVENT.mrcDocument;

export function useDocumentEvents(deviceId: MrcDeviceId) {
  const queryClient = useQueryClient();
  useLiveEvent(MRC_DOCUMENT_EVENT, (event) => {
    if (deviceId !== null && event.device_id === deviceId)
      void queryClient.invalidateQueries({ queryKey: mrcKeys.lists(deviceId) });
  });
}
