import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { exportFilename, filterQuery, type ConversationFilters } from '../lib/filters';

/**
 * GET /conversation/download: the filtered conversations as an xlsx file. A status other than
 * 200 is a failure (SPEC §8), never a broken file.
 */
export async function exportConversations(
  filters: ConversationFilters,
  tz: string,
): Promise<{ blob: Blob; filename: string }> {
  const { blob } = await api.file('/conversation/download', filterQuery(filters, tz));
  return { blob, filename: exportFilename(filters.range) };
}

/** Hands a downloaded file to the browser as a normal download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
