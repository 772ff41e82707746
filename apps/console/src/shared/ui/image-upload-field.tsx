import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { IMAGE_TYPES, IMAGE_UPLOAD_MAX_BYTES, type UploadResult } from '@ambassador/contracts';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { Spinner } from '@/shared/ui/spinner';

/** What the field needs of its upload call (a `useMutation` result fits). */
export type ImageUpload = {
  mutateAsync: (file: File) => Promise<UploadResult>;
  isPending: boolean;
};

/** The field's words, from the string pack of the screen that shows it. */
export type ImageUploadTexts = {
  upload: string;
  replace: string;
  uploading: string;
  /** The snackbar once the image is stored. */
  uploaded: string;
  remove: string;
  /** Under the button while there is no error: what can be uploaded. */
  hint: string;
  /** A file over the server's limit, refused before sending it. */
  tooLarge: string;
  /** A file of a type the server refuses, refused before sending it; without it, the server says so. */
  wrongType?: string;
  /** A heading above the field. */
  label?: string;
  /** The preview's alt text; '' (decoration) unless given. */
  alt?: string;
};

export type ImageUploadFieldProps = {
  /** /media/… of the uploaded image, or ''. */
  value: string;
  onChange: (url: string) => void;
  upload: ImageUpload;
  texts: ImageUploadTexts;
  /** Text for a failed upload (the snackbar and the line under the field). */
  errorText: (error: unknown) => string;
  /** The file picker's filter. */
  accept?: string;
  /** Size of the preview, in px. */
  preview?: { width: number; height: number };
  /** On the <input type=file>, the preview and the remove button. */
  testIds?: { input?: string | undefined; preview?: string | undefined; remove?: string | undefined };
  /** A problem of the form with this field, shown under it. */
  error?: string | undefined;
  /** Lets the operator remove the image. */
  removable?: boolean;
  disabled?: boolean;
};

/** Uploads one image, previews it, replaces or removes it; the server's limits are said before sending. */
export function ImageUploadField({
  value,
  onChange,
  upload,
  texts,
  errorText,
  accept = 'image/*',
  preview = { width: 96, height: 72 },
  testIds = {},
  error,
  removable = false,
  disabled = false,
}: ImageUploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const hintId = useId();

  const choose = async (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setUploadError(null);
    // The server's own limits, said before sending 10 MB for nothing.
    const problem =
      file.size > IMAGE_UPLOAD_MAX_BYTES
        ? texts.tooLarge
        : texts.wrongType !== undefined &&
            file.type &&
            !(IMAGE_TYPES as readonly string[]).includes(file.type)
          ? texts.wrongType
          : null;
    if (problem) {
      setUploadError(problem);
      notify.error(problem);
      return;
    }
    const result = await notify.run(() => upload.mutateAsync(file), {
      loading: texts.uploading,
      success: texts.uploaded,
      error: errorText,
    });
    if (result.ok) onChange(result.data.url);
    else setUploadError(errorText(result.error));
  };

  const shownError = uploadError ?? error;
  return (
    <Box>
      {texts.label && (
        <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
          {texts.label}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {value && (
          <Box
            component="img"
            src={value}
            alt={texts.alt ?? ''}
            sx={{
              ...preview,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
            data-testid={testIds.preview}
          />
        )}
        <Button
          variant="outlined"
          size="small"
          startIcon={upload.isPending ? <Spinner size={14} color="inherit" /> : <UploadOutlined />}
          disabled={disabled || upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          {upload.isPending ? texts.uploading : value ? texts.replace : texts.upload}
        </Button>
        {removable && value && (
          <Tooltip title={texts.remove}>
            {/* A disabled button gives the tooltip no events: the span does. */}
            <span>
              <IconButton
                size="small"
                onClick={() => onChange('')}
                disabled={disabled}
                aria-label={texts.remove}
                data-testid={testIds.remove}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <input
          ref={input}
          type="file"
          accept={accept}
          hidden
          data-testid={testIds.input}
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
        {shownError ?? texts.hint}
      </Typography>
    </Box>
  );
}
