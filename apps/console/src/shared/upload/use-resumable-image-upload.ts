import { useMutation } from '@tanstack/react-query';
import type { ImageUpload } from '@/shared/ui/image-upload-field';
import { useResumableUpload } from './use-resumable-upload';

/**
 * An image field's upload call as a resumable upload of kind image for the device: the result's
 * `url` is what the field keeps (media referenced by address, as events and quizzes do).
 */
export function useResumableImageUpload(deviceId: number): ImageUpload {
  const { upload } = useResumableUpload();
  return useMutation({ mutationFn: (file: File) => upload(file, { deviceId, kind: 'image' }) });
}
