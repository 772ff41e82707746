import { useState, type FormEvent, type ReactNode } from 'react';
import { useSingleFlight } from '@/shared/lib/use-single-flight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZNotificationChannel, type NotificationChannel } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DeviceSettingsDialog, type DeviceSettingsDialogProps } from './settings-loading-dialog';
import { translateIssue } from '@/shared/lib/rule-message';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useNotificationChannel } from '../api/get-notification-channel';
import { useUpdateNotificationChannel } from '../api/update-notification-channel';

export const RING_SECONDS_MIN = 10;
export const RING_SECONDS_MAX = 300;

/** What this browser allows, next to the device's setting (which applies to every console). */
export type DesktopPermission = NotificationPermission | 'unsupported';

function currentPermission(): DesktopPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function ringSecondsError(t: TFunction, text: string): string | null {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value)) return t('calls.notification.rules.whole');
  const parsed = ZNotificationChannel.shape.ring_seconds.safeParse(value);
  if (parsed.success) return null;
  return translateIssue(t, parsed.error.issues[0]!);
}

export type NotificationDialogProps = DeviceSettingsDialogProps;

/**
 * How the selected device's calls ring (its notification_channel: banner, sound, browser
 * notification, ring time). Mount it with a fresh `key` per opening.
 */
export function NotificationDialog(props: NotificationDialogProps) {
  const { t } = useTranslation();
  const saved = useNotificationChannel(props.deviceId, props.open);
  return (
    <DeviceSettingsDialog
      open={props.open}
      onClose={props.onClose}
      title={t('calls.notification.title', { device: props.deviceName })}
      testId="notification-dialog"
      width={480}
      saved={saved}
      loadFailed={t('calls.notification.load_failed')}
    >
      {(data) => <NotificationEditor {...props} saved={data} />}
    </DeviceSettingsDialog>
  );
}

function SwitchRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'data-testid': testId } as object }}
          />
        }
        label={label}
      />
      <Typography variant="body2" color="text.secondary" sx={{ ml: 6, mt: -0.5 }}>
        {hint}
      </Typography>
    </Box>
  );
}

function NotificationEditor({
  open,
  deviceId,
  deviceName,
  onClose,
  saved,
}: NotificationDialogProps & { saved: NotificationChannel }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationChannel();
  const [form, setForm] = useState({ ...saved, ring_seconds: String(saved.ring_seconds) });
  const [permission, setPermission] = useState<DesktopPermission>(currentPermission);
  const [submitted, setSubmitted] = useState(false);
  const dirty = useChanged(form);
  const flight = useSingleFlight();
  const submitting = flight.running;
  const ringError = submitted ? ringSecondsError(t, form.ring_seconds) : null;

  const setDesktop = async (on: boolean) => {
    setForm((f) => ({ ...f, desktop: on }));
    if (!on || typeof Notification === 'undefined' || Notification.permission !== 'default') return;
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(currentPermission());
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (flight.isBusy()) return;
    setSubmitted(true);
    if (ringSecondsError(t, form.ring_seconds)) return;
    const body: NotificationChannel = {
      banner: form.banner,
      sound: form.sound,
      desktop: form.desktop,
      ring_seconds: Number(form.ring_seconds),
    };
    const result = await flight.run(() =>
      notify.run(() => update.mutateAsync({ deviceId, body }), {
        loading: t('common.updating'),
        success: t('calls.notification.saved'),
      }),
    );
    if (result?.ok) onClose();
  };

  const desktopState = form.desktop ? permission : null;

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={t('calls.notification.title', { device: deviceName })}
      testId="notification-dialog"
      width={480}
      submitLabel={t('common.save')}
      submitTestId="notification-save"
    >
      <Typography variant="body2" color="text.secondary">
        {t('calls.notification.intro')}
      </Typography>
      <SwitchRow
        label={t('calls.notification.banner')}
        hint={t('calls.notification.banner_hint')}
        checked={form.banner}
        onChange={(banner) => setForm((f) => ({ ...f, banner }))}
        testId="notification-banner"
      />
      <SwitchRow
        label={t('calls.notification.sound')}
        hint={form.banner ? t('calls.notification.sound_hint') : t('calls.notification.sound_needs_banner')}
        checked={form.sound}
        disabled={!form.banner}
        onChange={(sound) => setForm((f) => ({ ...f, sound }))}
        testId="notification-sound"
      />
      <SwitchRow
        label={t('calls.notification.desktop')}
        hint={t('calls.notification.desktop_hint')}
        checked={form.desktop}
        onChange={(on) => void setDesktop(on)}
        testId="notification-desktop"
      />
      {desktopState && (
        <Alert
          severity={desktopState === 'granted' ? 'success' : desktopState === 'default' ? 'info' : 'warning'}
          data-testid="notification-permission"
          data-permission={desktopState}
        >
          {t(`calls.notification.desktop_${desktopState}`)}
        </Alert>
      )}
      <TextField
        type="number"
        label={t('calls.notification.ring_seconds')}
        value={form.ring_seconds}
        onChange={(event) => setForm((f) => ({ ...f, ring_seconds: event.target.value }))}
        error={Boolean(ringError)}
        helperText={ringError ?? t('calls.notification.ring_seconds_hint')}
        slotProps={{
          htmlInput: {
            'data-testid': 'notification-ring-seconds',
            min: RING_SECONDS_MIN,
            max: RING_SECONDS_MAX,
            step: 1,
          },
        }}
      />
    </FormDialog>
  );
}
