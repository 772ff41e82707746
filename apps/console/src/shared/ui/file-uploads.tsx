import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import type { MediaKind } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { UploadProgress } from '@/shared/upload/upload-progress';
import { useResumableUpload } from '@/shared/upload/use-resumable-upload';

type Batch = { current: number; total: number; name: string };
/** A file the server refused, with why, as the operator reads it. */
export type RefusedFile = { name: string; reason: string };

/**
 * Several files, one after another, each a resumable upload (tus: chunks, retries, resume after a
 * reload) of `kind`, then `attach`ed by its media id to the area's list. Each file stands on its
 * own: a refused one is listed by name with its reason (`refused`) and the others still go in; a
 * cancelled one stops the rest quietly. `onUploaded` gets each attach's answer; the snackbar says
 * how many went in (`doneText`), or, when some were refused, how many of all.
 */
export function useSequentialUploads<T>({
  deviceId,
  kind,
  attach,
  onUploaded,
  doneText,
}: {
  deviceId: number;
  kind: MediaKind;
  attach: (mediaId: number) => Promise<T>;
  onUploaded: (result: T) => void;
  doneText: (count: number) => string;
}) {
  const { t } = useTranslation();
  const resumable = useResumableUpload();
  const [batch, setBatch] = useState<Batch | null>(null);
  const [refused, setRefused] = useState<RefusedFile[]>([]);

  const start = async (files: File[]) => {
    let added = 0;
    const failed: RefusedFile[] = [];
    setRefused(failed);
    for (const [i, file] of files.entries()) {
      setBatch({ current: i + 1, total: files.length, name: file.name });
      try {
        const item = await resumable.upload(file, { deviceId, kind });
        onUploaded(await attach(item.media_id));
        added += 1;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'cancelled') break;
        failed.push({ name: file.name, reason: errorMessage(error, t('errors.unknown')) });
        setRefused([...failed]);
      }
    }
    setBatch(null);
    const [only] = failed;
    if (files.length === 1 && only) notify.error(t('upload.failed', only));
    else if (failed.length > 0)
      notify.error(t('upload.some_refused', { count: failed.length, total: files.length, added }));
    else if (added > 0) notify.success(doneText(added));
  };

  return { batch, start, refused, dismissRefused: () => setRefused([]), ...resumable };
}

export type SequentialUploads = ReturnType<typeof useSequentialUploads>;

/** The add button (a hidden file input behind it) with its hint, and the progress while sending. */
export function FileUploads({
  label,
  hint,
  accept,
  uploads,
  testId,
}: {
  label: string;
  hint: string;
  accept: string;
  uploads: SequentialUploads;
  /** `<testId>-add`, `<testId>-input`, `<testId>-progress`, `<testId>-refused`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const progressId = useId();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={uploads.batch !== null}
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
            if (files.length > 0) void uploads.start(files);
          }}
        />
      </Box>
      {uploads.refused.length > 0 && (
        <Alert
          severity="error"
          onClose={uploads.dismissRefused}
          sx={{ mb: 1 }}
          data-testid={`${testId}-refused`}
        >
          <AlertTitle>{t('upload.refused_title', { count: uploads.refused.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {uploads.refused.map((f, i) => (
              <li key={`${i}-${f.name}`}>{t('upload.failed', f)}</li>
            ))}
          </Box>
        </Alert>
      )}
      {uploads.batch && uploads.status && (
        <Box data-testid={`${testId}-progress`}>
          <UploadProgress
            id={progressId}
            status={uploads.status}
            label={t('upload.progress', uploads.batch)}
            fraction={
              (uploads.batch.current -
                1 +
                (uploads.status.total ? uploads.status.sent / uploads.status.total : 0)) /
              uploads.batch.total
            }
            onPause={uploads.pause}
            onResume={uploads.resume}
            onCancel={uploads.cancel}
          />
        </Box>
      )}
    </>
  );
}
