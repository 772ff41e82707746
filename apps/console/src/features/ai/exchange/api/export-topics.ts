import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { saveFile } from '@/shared/lib/save-file';

/** GET /ai_config/intents/export: the device's topics as an xlsx file, named by the server. */
export async function exportTopics(deviceId: number): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await api.file('/ai_config/intents/export', { device_id: deviceId });
  return { blob, filename: filename ?? 'topics.xlsx' };
}

export function useExportTopics() {
  return useMutation({
    mutationFn: async (deviceId: number) => {
      const file = await exportTopics(deviceId);
      saveFile(file.blob, file.filename);
      return file;
    },
  });
}
