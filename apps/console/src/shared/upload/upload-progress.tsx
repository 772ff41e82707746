import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UploadStatus } from './use-resumable-upload';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * A resumable upload as the operator sees it: the file, how much has gone, what is happening
 * (paused, trying again, waiting for the network) and the buttons to pause, resume or cancel.
 * `label` says which file of several it is.
 */
export function UploadProgress({
  status,
  label,
  fraction,
  onPause,
  onResume,
  onCancel,
  id,
}: {
  status: UploadStatus;
  label: string;
  /** Of the whole batch, when the upload is one of several (default: this file's). */
  fraction?: number;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
  id: string;
}) {
  const { t } = useTranslation();
  const own = status.total > 0 ? status.sent / status.total : 0;
  const paused = status.phase === 'paused';
  return (
    <Box sx={{ mb: 1 }} data-testid="upload-progress">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" id={`${id}-label`} sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary" role="status" data-testid="upload-phase">
          {t(`upload.phase.${status.phase}`, {
            sent: mb(status.sent),
            total: mb(status.total),
            percent: Math.floor(own * 100),
          })}
        </Typography>
        {status.phase !== 'finishing' && (
          <Button size="small" onClick={paused ? onResume : onPause} data-testid="upload-pause">
            {paused ? t('upload.resume') : t('upload.pause')}
          </Button>
        )}
        <Button size="small" color="inherit" onClick={onCancel} data-testid="upload-cancel">
          {t('upload.cancel')}
        </Button>
      </Box>
      <LinearProgress
        variant={status.phase === 'finishing' ? 'indeterminate' : 'determinate'}
        value={Math.round((fraction ?? own) * 100)}
        aria-labelledby={`${id}-label`}
      />
    </Box>
  );
}
