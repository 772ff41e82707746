import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/snackbar/snackbar-store';

type Progress = { current: number; total: number; name: string; fraction: number };

/**
 * Several files sent one request each, one after another, with the progress of the whole: a
 * refused file names itself and stops the rest (those before it are in). `onUploaded` gets each
 * answer; `doneText` confirms how many went in.
 */
export function useSequentialUploads<T>({
  upload,
  onUploaded,
  doneText,
}: {
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<T>;
  onUploaded: (result: T) => void;
  doneText: (count: number) => string;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<Progress | null>(null);

  const start = async (files: File[]) => {
    let added = 0;
    for (const [i, file] of files.entries()) {
      const step = { current: i + 1, total: files.length, name: file.name };
      setProgress({ ...step, fraction: 0 });
      try {
        onUploaded(await upload(file, (fraction) => setProgress({ ...step, fraction })));
        added += 1;
      } catch (error) {
        notify.error(
          t('upload.failed', { name: file.name, reason: errorMessage(error, t('errors.unknown')) }),
        );
        setProgress(null);
        return;
      }
    }
    setProgress(null);
    if (added > 0) notify.success(doneText(added));
  };

  return { progress, start };
}

/** The add button (a hidden file input behind it) with its hint, and the progress while sending. */
export function FileUploads({
  label,
  hint,
  accept,
  progress,
  onFiles,
  testId,
}: {
  label: string;
  hint: string;
  accept: string;
  progress: Progress | null;
  onFiles: (files: File[]) => void;
  /** `<testId>-add`, `<testId>-input`, `<testId>-progress`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const progressLabel = useId();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={progress !== null}
          onClick={() => input.current?.click()}
          data-testid={`${testId}-add`}
        >
          {label}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
        <input
          ref={input}
          type="file"
          accept={accept}
          multiple
          hidden
          aria-hidden="true"
          tabIndex={-1}
          data-testid={`${testId}-input`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </Box>
      {progress && (
        <Box sx={{ mb: 1 }} data-testid={`${testId}-progress`}>
          <Typography variant="body2" id={progressLabel}>
            {t('upload.progress', progress)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(((progress.current - 1 + progress.fraction) / progress.total) * 100)}
            aria-labelledby={progressLabel}
          />
        </Box>
      )}
    </>
  );
}
