import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@/shared/ui/image-upload-field';
import { useUploadImage } from '../api/upload-image';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';

export type ResponseImageFieldProps = {
  /** /media/… of the uploaded image, or ''. */
  value: string;
  onChange: (url: string) => void;
  /** On the <input type=file>; the preview gets `<testId>-preview`. */
  testId?: string;
  error?: string | undefined;
  /** Lets the operator remove the image (optional images of cards and list elements). */
  removable?: boolean;
};

/** An image of a response: uploaded to the device's AI data (POST /ai_config/upload); 413 and 415 are explained. */
export function ResponseImageField({
  value,
  onChange,
  testId,
  error,
  removable = false,
}: ResponseImageFieldProps) {
  const { t } = useTranslation();
  const upload = useUploadImage();
  return (
    <ImageUploadField
      value={value}
      onChange={onChange}
      upload={upload}
      texts={{
        upload: t('responses.fields.upload'),
        replace: t('responses.fields.replace'),
        uploading: t('responses.fields.uploading'),
        uploaded: t('responses.fields.uploaded'),
        remove: t('responses.fields.remove_image'),
        hint: t('responses.fields.upload_hint'),
        // Same text as the server's 413.
        tooLarge: t('responses.error_codes.file_too_large'),
      }}
      errorText={(e) => aiErrorMessage(e, t)}
      testIds={{ input: testId, preview: testId ? `${testId}-preview` : undefined }}
      error={error}
      removable={removable}
    />
  );
}
