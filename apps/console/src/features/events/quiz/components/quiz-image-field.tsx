import { IMAGE_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { ImageUploadField } from '@/shared/ui/image-upload-field';
import { useResumableImageUpload } from '@/shared/upload/use-resumable-image-upload';

/** One image of a question or a general page: upload, preview, replace, remove. */
export function QuizImageField({
  deviceId,
  value,
  onChange,
  label,
  error,
  testId,
}: {
  deviceId: number;
  /** /media/… or ''. */
  value: string;
  onChange: (url: string) => void;
  /** Heading above the field, also the preview's alt text. */
  label: string;
  error?: string | undefined;
  /** On the file input; the preview gets `<testId>-preview`, the remove button `<testId>-remove`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const upload = useResumableImageUpload(deviceId);
  const mb = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);
  return (
    <ImageUploadField
      value={value}
      onChange={onChange}
      upload={upload}
      texts={{
        label,
        alt: label,
        upload: t('events.quiz.image.upload'),
        replace: t('events.quiz.image.replace'),
        uploading: t('events.quiz.image.uploading'),
        uploaded: t('events.quiz.image.uploaded'),
        remove: t('events.quiz.image.remove'),
        hint: t('events.quiz.image.hint', { max: mb }),
        tooLarge: t('events.quiz.image.too_large', { max: mb }),
        wrongType: t('events.quiz.image.wrong_type'),
      }}
      errorText={(e) => errorMessage(e, t('errors.unknown'))}
      accept={IMAGE_TYPES.join(',')}
      preview={{ width: 120, height: 90 }}
      testIds={{ input: testId, preview: `${testId}-preview`, remove: `${testId}-remove` }}
      error={error}
      removable
    />
  );
}
