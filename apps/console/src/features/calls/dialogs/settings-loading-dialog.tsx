import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { Spinner } from '@/shared/ui/spinner';

/**
 * The frame of a device-settings dialog while its settings load, or after the load failed (with
 * Retry): the same title and size as the editor that replaces it, and Save disabled.
 */
export function SettingsLoadingDialog({
  open,
  onClose,
  title,
  testId,
  width,
  error,
  loadFailed,
  onRetry,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  width: number;
  error: unknown;
  loadFailed: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={(event) => event.preventDefault()}
      submitting={false}
      submitDisabled
      title={title}
      testId={testId}
      width={width}
      submitLabel={t('common.save')}
    >
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {loadFailed} {errorMessage(error, '')}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <Spinner />
        </Box>
      )}
    </FormDialog>
  );
}

/** The props every device-settings dialog of Live Video takes. */
export type DeviceSettingsDialogProps = {
  open: boolean;
  deviceId: number;
  deviceName: string;
  onClose: () => void;
};

/**
 * A device-settings dialog: its loading (or failed) frame until the saved settings are here, then
 * the editor `children` makes of them. Mount it with a fresh `key` per opening.
 */
export function DeviceSettingsDialog<T>({
  open,
  onClose,
  title,
  testId,
  width,
  saved,
  ready = true,
  loadFailed,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  width: number;
  /** The settings query: its data, its error and a retry. */
  saved: { data: T | undefined; error: unknown; refetch: () => unknown };
  /** Anything else the editor waits for. */
  ready?: boolean;
  loadFailed: string;
  children: (saved: T) => ReactNode;
}) {
  if (saved.data !== undefined && ready) return children(saved.data);
  return (
    <SettingsLoadingDialog
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      width={width}
      error={saved.error}
      loadFailed={loadFailed}
      onRetry={() => void saved.refetch()}
    />
  );
}
