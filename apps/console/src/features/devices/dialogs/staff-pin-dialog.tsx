import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { ZStaffPin, type ManagedDevice } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { useSingleFlight } from '@/shared/lib/use-single-flight';
import { FormDialog } from '@/shared/ui/form-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useSetStaffPin } from '../api/set-staff-pin';

/**
 * The kiosk's staff PIN: staff on site hold the kiosk's corner gear and type it to unpair the kiosk.
 * Without one, only a new key (here) unpairs it. The PIN is never shown again once saved.
 */
export function StaffPinDialog({ device, onClose }: { device: ManagedDevice; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useSetStaffPin();
  const flight = useSingleFlight();
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = ZStaffPin.safeParse(pin).success;
  const name = device.description;

  const run = (next: string | null) =>
    flight.run(async () => {
      setFailure(null);
      try {
        await save.mutateAsync({ id: device.id, pin: next });
        notify.success(
          next === null ? t('devices.staff_pin.removed', { name }) : t('devices.staff_pin.saved', { name }),
        );
        onClose();
      } catch (err) {
        setFailure(errorMessage(err, t('devices.staff_pin.failed')));
      }
    });

  return (
    <FormDialog
      open
      width={460}
      onClose={onClose}
      dirty={pin !== ''}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (valid) void run(pin);
      }}
      submitting={flight.running}
      title={t('devices.staff_pin.title', { name })}
      testId="staff-pin-dialog"
      submitLabel={t('devices.staff_pin.save')}
      submitTestId="staff-pin-save"
    >
      <DialogContentText>{t('devices.staff_pin.intro')}</DialogContentText>
      <Alert severity={device.has_staff_pin ? 'success' : 'info'} data-testid="staff-pin-status">
        {device.has_staff_pin ? t('devices.staff_pin.is_set') : t('devices.staff_pin.not_set')}
        {device.unpaired_at &&
          ` ${t('devices.staff_pin.last_unpaired', { when: formatDateTime(device.unpaired_at, i18n.language) })}`}
      </Alert>
      <TextField
        label={device.has_staff_pin ? t('devices.staff_pin.new_label') : t('devices.staff_pin.label')}
        type="password"
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
        onBlur={() => setTouched(pin.length > 0)}
        error={touched && !valid}
        helperText={touched && !valid ? t('rules.staff_pin_digits') : t('devices.staff_pin.hint')}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            autoComplete: 'new-password',
            'data-testid': 'staff-pin-input',
          },
        }}
        autoFocus
      />
      {failure && (
        <Alert severity="error" data-testid="staff-pin-error">
          {failure}
        </Alert>
      )}
      {device.has_staff_pin && (
        <Button
          color="error"
          sx={{ justifySelf: 'start' }}
          disabled={flight.running}
          onClick={() => void run(null)}
          data-testid="staff-pin-remove"
        >
          {t('devices.staff_pin.remove')}
        </Button>
      )}
    </FormDialog>
  );
}
