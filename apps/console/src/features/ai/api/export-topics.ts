import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** GET /ai_config/intents/export: the device's topics as an xlsx file, named by the server. */
export async function exportTopics(deviceId: number): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await api.file('/ai_config/intents/export', { device_id: deviceId });
  return { blob, filename: filename ?? 'topics.xlsx' };
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

export function useExportTopics() {
  return useMutation({
    mutationFn: async (deviceId: number) => {
      const file = await exportTopics(deviceId);
      saveFile(file.blob, file.filename);
      return file;
    },
  });
}
