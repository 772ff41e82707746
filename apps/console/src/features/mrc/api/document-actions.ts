import type { BulkResult, MrcBulkRequest, MrcDocument } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { saveFile } from '@/shared/lib/save-file';
import { mrcKeys } from './mrc-keys';

export type MrcDocumentRef = { device_id: number; id: number };

/** DELETE /mrc {device_id, id}: the document is Removed and no longer answers. */
export async function deleteDocument(body: MrcDocumentRef): Promise<void> {
  await api.delete<null>('/mrc', body);
}

/** POST /mrc/{id}/rescan {device_id}: scans the stored original again (it goes back to Scanning). */
export async function rescanDocument({ device_id, id }: MrcDocumentRef): Promise<MrcDocument> {
  const { data } = await api.post<MrcDocument>(`/mrc/${id}/rescan`, { device_id });
  return data;
}

/** GET /mrc/{id}/file: the original file, handed to the browser under its own name. */
export async function downloadDocument(document: Pick<MrcDocument, 'id' | 'filename'>): Promise<void> {
  const { blob, filename } = await api.file(`/mrc/${document.id}/file`);
  saveFile(blob, filename ?? document.filename);
}

/** A change to one document refreshes every list and the index of its device. */
function useDeviceRefresh() {
  const queryClient = useQueryClient();
  return (_data: unknown, body: MrcDocumentRef) =>
    queryClient.invalidateQueries({ queryKey: mrcKeys.device(body.device_id) });
}

export function useDeleteDocument() {
  return useMutation({ mutationFn: deleteDocument, onSuccess: useDeviceRefresh() });
}

export function useRescanDocument() {
  return useMutation({ mutationFn: rescanDocument, onSuccess: useDeviceRefresh() });
}

/** POST /mrc/bulk: delete the picked documents, or every one the search matches; undoable. */
export function useBulkDeleteDocuments(deviceId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (selection: MrcBulkRequest['selection']) =>
      (await api.post<BulkResult>('/mrc/bulk', { device_id: deviceId ?? 0, action: 'delete', selection }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mrcKeys.device(deviceId) }),
  });
}

/** After an undo: the device's lists again. */
export function useRefreshDocuments(deviceId: number | null) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mrcKeys.device(deviceId) });
}
