import { keepPreviousData, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { saveFile } from '@/shared/lib/save-file';
import type { DayRangeQuery } from './events-keys';

/**
 * A results call: GET `path` over calendar days of the device (the event's, the quiz's). While
 * another range loads, the last answer stays on screen (the dialog dims it) instead of a skeleton.
 */
export function useRangeResults<T>(queryKey: QueryKey, path: string, deviceId: number, range: DayRangeQuery) {
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await api.get<T>(path, { ...range, device_id: deviceId }, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * A results export: GET `path` (the event's, the quiz's …/results/export) over calendar days of
 * the device, saved by the browser under the server's name (else `fallbackName`). A failure is the
 * server's message, never a broken file.
 */
export function useRangeExport(path: string, deviceId: number) {
  return useMutation({
    mutationFn: async (input: { range: DayRangeQuery; fallbackName: string }) => {
      const file = await api.file(path, { ...input.range, device_id: deviceId });
      const filename = file.filename ?? input.fallbackName;
      saveFile(file.blob, filename);
      return filename;
    },
  });
}

export type RangeExport = ReturnType<typeof useRangeExport>;
