import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { ManagedDevice } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useSingleFlight } from '@/shared/lib/use-single-flight';
import { DialogButtons } from '@/shared/ui/dialog-buttons';

export type DeleteDeviceDialogProps = {
  device: ManagedDevice | null;
  open: boolean;
  onCancel: () => void;
  /** Deletes; the dialog shows it as submitting until it settles. */
  onConfirm: (confirmName: string) => Promise<void>;
};

/**
 * Delete an archived device for good: says everything that goes with it, and deletes only once
 * the device's name is typed again (the server checks it too). Mounted afresh for each device.
 */
export function DeleteDeviceDialog({ device, open, onCancel, onConfirm }: DeleteDeviceDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const flight = useSingleFlight();
  const submitting = flight.running;
  const name = device?.description ?? '';
  const matches = typed.trim() === name;

  const confirm = async () => {
    if (matches) await flight.run(() => onConfirm(typed));
  };

  return (
    <Dialog
      open={open}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 460 } } }}
      aria-labelledby="delete-device-title"
      onClose={() => {
        if (!submitting) onCancel();
      }}
      data-testid="delete-device-dialog"
    >
      <DialogTitle id="delete-device-title">{t('devices.delete_dialog.title', { name })}</DialogTitle>
      <DialogContent>
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('devices.delete_dialog.warning')}
        </Alert>
        <DialogContentText sx={{ mb: 2 }}>{t('devices.delete_dialog.body', { name })}</DialogContentText>
        <TextField
          label={t('devices.delete_dialog.type_name')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void confirm();
          }}
          fullWidth
          autoFocus
          autoComplete="off"
          disabled={submitting}
          slotProps={{ htmlInput: { 'data-testid': 'delete-device-name' } }}
        />
      </DialogContent>
      <DialogButtons
        onCancel={onCancel}
        submitting={submitting}
        submitLabel={t('devices.actions.delete')}
        onSubmit={() => void confirm()}
        submitDisabled={!matches}
        color="error"
        submitTestId="delete-device-submit"
      />
    </Dialog>
  );
}
