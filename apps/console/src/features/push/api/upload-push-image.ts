import type { UploadResult } from '@ambassador/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /video_call/push/upload: one image (field `file`); 413 file_too_large, 415 unsupported_type. */
export async function uploadPushImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.upload<UploadResult>('/video_call/push/upload', form);
  return data;
}

export function useUploadPushImage() {
  return useMutation({ mutationFn: uploadPushImage });
}
