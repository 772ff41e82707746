import {
  type BulkResult,
  type DirectoryBulkRequest,
  type UndoTicket,
  DIRECTORY_DATA_FIELD,
  DIRECTORY_LOGO_FIELD,
  type DirectoryImportReport,
  type DirectoryUnit,
  type DirectoryUnitFields,
} from '@ambassador/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/shared/api/client';
import { saveFile } from '@/shared/lib/save-file';

/** Query keys of the directory, by device. */
const directoryKeys = {
  device: (deviceId: number | null) => ['directory', deviceId] as const,
  page: (deviceId: number | null, search: string, limit: number, offset: number) =>
    [...directoryKeys.device(deviceId), { search, limit, offset }] as const,
};

/** GET /directory: a page of the device's units, with the total for the pager. */
export function useDirectory(deviceId: number, search: string, limit: number, offset: number) {
  return useQuery({
    queryKey: directoryKeys.page(deviceId, search, limit, offset),
    queryFn: async ({ signal }) => {
      const { data, total } = await api.get<DirectoryUnit[]>(
        '/directory',
        { device_id: deviceId, search, limit, offset },
        signal,
      );
      return { units: data, total: total ?? data.length };
    },
    placeholderData: keepPreviousData,
  });
}

export type SaveUnitInput = {
  deviceId: number;
  /** Set when editing. */
  id?: number;
  fields: DirectoryUnitFields;
  /** A new logo to upload with the fields. */
  logo?: File | null;
  removeLogo?: boolean;
};

/** POST (add) or PUT (edit) /directory: the fields as JSON and the logo in one multipart request. */
async function saveUnit({ deviceId, id, fields, logo, removeLogo }: SaveUnitInput) {
  const form = new FormData();
  const data = id === undefined ? fields : { ...fields, id, remove_logo: Boolean(removeLogo) };
  form.append(DIRECTORY_DATA_FIELD, JSON.stringify(data));
  if (logo) form.append(DIRECTORY_LOGO_FIELD, logo, logo.name);
  return (
    await request<DirectoryUnit>(id === undefined ? 'POST' : 'PUT', '/directory', {
      query: { device_id: deviceId },
      form,
    })
  ).data;
}

export function useSaveUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUnit,
    onSuccess: (_unit, input) =>
      void queryClient.invalidateQueries({ queryKey: directoryKeys.device(input.deviceId) }),
  });
}

/** DELETE /directory: one unit and its logo. */
/** DELETE /directory: the answer is the unit's undo ticket. */
export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { device_id: number; id: number }) =>
      (await api.delete<UndoTicket>('/directory', body)).data,
    onSuccess: (_r, body) =>
      void queryClient.invalidateQueries({ queryKey: directoryKeys.device(body.device_id) }),
  });
}

/** POST /directory/bulk: delete the picked units, or all a search matches. */
export function useBulkDeleteUnits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { device_id: number; selection: DirectoryBulkRequest['selection'] }) =>
      (await api.post<BulkResult>('/directory/bulk', { ...body, action: 'delete' })).data,
    onSuccess: (_r, body) =>
      void queryClient.invalidateQueries({ queryKey: directoryKeys.device(body.device_id) }),
  });
}

/** After an undo: the device's directory again. */
export function useRefreshDirectory(deviceId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: directoryKeys.device(deviceId) });
}

/** POST /directory/import: a preview of what the workbook does, or (apply) doing it. */
export function useImportDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { deviceId: number; file: File; mode: 'preview' | 'apply' }) => {
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      return (
        await api.upload<DirectoryImportReport>('/directory/import', form, {
          device_id: input.deviceId,
          mode: input.mode,
        })
      ).data;
    },
    onSuccess: (report, input) => {
      if (report.applied)
        void queryClient.invalidateQueries({ queryKey: directoryKeys.device(input.deviceId) });
    },
  });
}

/** GET /directory/export: the workbook, saved by the browser. */
export function useExportDirectory() {
  return useMutation({
    mutationFn: async ({ deviceId, fallbackName }: { deviceId: number; fallbackName: string }) => {
      const file = await api.file('/directory/export', { device_id: deviceId });
      saveFile(file.blob, file.filename ?? fallbackName);
    },
  });
}
