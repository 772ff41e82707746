import { IMAGE_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@/shared/ui/image-upload-field';
import { useUploadPushImage } from '../api/upload-push-image';
import { uploadErrorMessage } from '../lib/push-errors';

/** The optional image of a push: upload one (POST /video_call/push/upload), preview it, remove it. */
export function PushImageField({
  value,
  onChange,
  disabled,
}: {
  /** /media/… of the uploaded image, or ''. */
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadPushImage();
  const maxMb = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);
  return (
    <ImageUploadField
      value={value}
      onChange={onChange}
      upload={upload}
      texts={{
        label: t('push.image.label'),
        alt: t('push.image.alt'),
        upload: t('push.image.upload'),
        replace: t('push.image.replace'),
        uploading: t('push.image.uploading'),
        uploaded: t('push.image.uploaded'),
        remove: t('push.image.remove'),
        hint: t('push.image.hint', { max: maxMb }),
        tooLarge: t('push.image.too_large', { max: maxMb }),
        wrongType: t('push.image.wrong_type'),
      }}
      errorText={(e) => uploadErrorMessage(e, t)}
      accept={IMAGE_TYPES.join(',')}
      preview={{ width: 120, height: 90 }}
      testIds={{ input: 'push-image-input', preview: 'push-image-preview', remove: 'push-image-remove' }}
      removable
      disabled={disabled}
    />
  );
}
