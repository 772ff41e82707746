import type { MrcUploadResult } from '@ambassador/contracts';
import { ApiError } from '@/shared/api/api-error';
import { uploadWithProgress } from '@/shared/api/client';

/**
 * POST /mrc (multipart `device_id` + files), one file per call so each file's progress shows and
 * one refused or failed file never takes the others with it. `onProgress` gets the file's index and
 * the fraction of it sent. A network failure refuses that file (its `error` is the code).
 */
export async function uploadDocuments(
  deviceId: number,
  files: readonly File[],
  {
    onProgress,
    signal,
    networkError,
  }: { onProgress: (index: number, fraction: number) => void; signal?: AbortSignal; networkError: string },
): Promise<MrcUploadResult> {
  const result: MrcUploadResult = { documents: [], refused: [] };
  for (const [index, file] of files.entries()) {
    const form = new FormData();
    form.append('device_id', String(deviceId));
    form.append('file', file, file.name);
    try {
      const { data } = await uploadWithProgress<MrcUploadResult>('/mrc', form, {
        onProgress: (sent, total) => onProgress(index, total > 0 ? sent / total : 0),
        ...(signal && { signal }),
      });
      result.documents.push(...data.documents);
      result.refused.push(...data.refused);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const code = (error instanceof ApiError && error.code) || 'network_error';
      const message = error instanceof Error && error.message ? error.message : networkError;
      result.refused.push({ filename: file.name, error: code, message });
    }
    onProgress(index, 1);
  }
  return result;
}
