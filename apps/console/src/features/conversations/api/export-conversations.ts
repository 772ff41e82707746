import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { saveFile } from '@/shared/lib/save-file';
import { exportFilename, filterQuery, type ConversationFilters } from '../lib/filters';

/**
 * GET /conversation/download: the filtered conversations as an xlsx file. A status other than
 * 200 is a failure with the server's message, never saved as a broken file.
 */
export async function exportConversations(
  filters: ConversationFilters,
  tz: string,
): Promise<{ blob: Blob; filename: string }> {
  const { blob } = await api.file('/conversation/download', filterQuery(filters, tz));
  return { blob, filename: exportFilename(filters.range) };
}

export function useExportConversations() {
  return useMutation({
    mutationFn: async ({ filters, tz }: { filters: ConversationFilters; tz: string }) => {
      const file = await exportConversations(filters, tz);
      saveFile(file.blob, file.filename);
      return file;
    },
  });
}
