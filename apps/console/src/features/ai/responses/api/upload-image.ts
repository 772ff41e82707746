import type { UploadResult } from '@ambassador/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** POST /ai_config/upload?device_id=: one image (field `file`); 413 file_too_large, 415 unsupported_type. */
export async function uploadImage(deviceId: AiDeviceId, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.upload<UploadResult>('/ai_config/upload', form, {
    device_id: deviceId ?? undefined,
  });
  return data;
}

export function useUploadImage() {
  const deviceId = useAiDeviceId();
  return useMutation({ mutationFn: (file: File) => uploadImage(deviceId, file) });
}
