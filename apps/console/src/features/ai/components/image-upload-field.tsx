import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { IMAGE_UPLOAD_MAX_BYTES } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUploadImage } from '../api/upload-image';
import { aiErrorMessage } from '../lib/ai-errors';

export type ImageUploadFieldProps = {
  /** /media/… of the uploaded image, or ''. */
  value: string;
  onChange: (url: string) => void;
  /** On the <input type=file>. */
  testId?: string;
  error?: string | undefined;
  /** Lets the operator remove the image (optional images of cards and list elements). */
  removable?: boolean;
};

/** Uploads one image (POST /ai_config/upload) and shows it; 413 and 415 are explained. */
export function ImageUploadField({
  value,
  onChange,
  testId,
  error,
  removable = false,
}: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const upload = useUploadImage();
  const input = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const hintId = useId();

  const choose = async (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setUploadError(null);
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      // Same text as the server's 413, without sending 10 MB first.
      const message = t('responses.error_codes.file_too_large');
      setUploadError(message);
      notify.error(message);
      return;
    }
    const result = await notify.run(() => upload.mutateAsync(file), {
      loading: t('responses.fields.uploading'),
      success: t('responses.fields.uploaded'),
      error: (e) => aiErrorMessage(e, t),
    });
    if (result.ok) onChange(result.data.url);
    else setUploadError(aiErrorMessage(result.error, t));
  };

  const shownError = uploadError ?? error;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {value && (
          <Box
            component="img"
            src={value}
            alt=""
            sx={{
              width: 96,
              height: 72,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
            data-testid={testId ? `${testId}-preview` : undefined}
          />
        )}
        <Button
          variant="outlined"
          size="small"
          startIcon={upload.isPending ? <CircularProgress size={14} color="inherit" /> : <UploadOutlined />}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          {upload.isPending
            ? t('responses.fields.uploading')
            : value
              ? t('responses.fields.replace')
              : t('responses.fields.upload')}
        </Button>
        {removable && value && (
          <Tooltip title={t('responses.fields.remove_image')}>
            <IconButton
              size="small"
              onClick={() => onChange('')}
              aria-label={t('responses.fields.remove_image')}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid={testId}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      <Typography
        id={hintId}
        variant="caption"
        color={shownError ? 'error' : 'text.secondary'}
        sx={{ display: 'block', mt: 0.5 }}
        role={shownError ? 'alert' : undefined}
      >
        {shownError ?? t('responses.fields.upload_hint')}
      </Typography>
    </Box>
  );
}
