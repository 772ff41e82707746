import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { IMAGE_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
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
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const maxMb = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

  const choose = async (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setError(null);
    // The server's own limits, said before sending 10 MB for nothing.
    const problem =
      file.size > IMAGE_UPLOAD_MAX_BYTES
        ? t('push.image.too_large', { max: maxMb })
        : file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)
          ? t('push.image.wrong_type')
          : null;
    if (problem) {
      setError(problem);
      notify.error(problem);
      return;
    }
    const result = await notify.run(() => upload.mutateAsync(file), {
      loading: t('push.image.uploading'),
      success: t('push.image.uploaded'),
      error: (e) => uploadErrorMessage(e, t),
    });
    if (result.ok) onChange(result.data.url);
    else setError(uploadErrorMessage(result.error, t));
  };

  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
        {t('push.image.label')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {value && (
          <Box
            component="img"
            src={value}
            alt={t('push.image.alt')}
            sx={{
              width: 120,
              height: 90,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
            data-testid="push-image-preview"
          />
        )}
        <Button
          variant="outlined"
          size="small"
          startIcon={upload.isPending ? <CircularProgress size={14} color="inherit" /> : <UploadOutlined />}
          disabled={disabled || upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          {upload.isPending
            ? t('push.image.uploading')
            : value
              ? t('push.image.replace')
              : t('push.image.upload')}
        </Button>
        {value && (
          <Tooltip title={t('push.image.remove')}>
            <span>
              <IconButton
                size="small"
                onClick={() => onChange('')}
                disabled={disabled}
                aria-label={t('push.image.remove')}
                data-testid="push-image-remove"
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          data-testid="push-image-input"
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      <Typography
        id={hintId}
        variant="caption"
        color={error ? 'error' : 'text.secondary'}
        sx={{ display: 'block', mt: 0.5 }}
        role={error ? 'alert' : undefined}
      >
        {error ?? t('push.image.hint', { max: maxMb })}
      </Typography>
    </Box>
  );
}
