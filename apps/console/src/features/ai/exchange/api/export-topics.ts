import type { ExchangeTable, ExportPickedRequest } from '@ambassador/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { saveFile } from '@/shared/lib/save-file';

/** The whole workbook, or one of its tables as CSV. */
export type ExportChoice = { format: 'xlsx' } | { format: 'csv'; table: ExchangeTable };
export type ExportTopicsInput = {
  deviceId: number;
  /** Only these topics (with their sub-topics): picked ones, or all the list's filter matches. */
  selection?: ExportPickedRequest['selection'];
} & ExportChoice;

/**
 * GET /ai_config/intents/export: the device's topics as an xlsx workbook, or one table of it
 * (`table`) as a CSV file, named by the server; POST with a `selection`, only those topics.
 */
export async function exportTopics(input: ExportTopicsInput): Promise<{ blob: Blob; filename: string }> {
  const query =
    input.format === 'csv'
      ? { device_id: input.deviceId, format: 'csv', table: input.table }
      : { device_id: input.deviceId };
  const { blob, filename } = input.selection
    ? await api.postFile('/ai_config/intents/export', { ...query, selection: input.selection })
    : await api.file('/ai_config/intents/export', query);
  const fallback = input.format === 'csv' ? `${input.table}.csv` : 'topics.xlsx';
  return { blob, filename: filename ?? fallback };
}

export function useExportTopics() {
  return useMutation({
    mutationFn: async (input: ExportTopicsInput) => {
      const file = await exportTopics(input);
      saveFile(file.blob, file.filename);
      return file;
    },
  });
}
