import { useState, type FormEvent } from 'react';
import { useSingleFlight } from '@/shared/lib/use-single-flight';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DEVICE_KINDS, type DeviceKind, type DeviceWithKey, type ManagedDevice } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateRule } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useCreateDevice } from '../api/create-device';
import { useUpdateDevice } from '../api/update-device';
import { LanguageFields } from '../components/language-fields';
import {
  DEVICE_NAME_MAX,
  createDeviceRequest,
  initialDeviceForm,
  updateDeviceRequest,
  validateDeviceForm,
  type DeviceDialogMode,
  type DeviceForm,
} from './device-form';

export type DeviceDialogProps = {
  open: boolean;
  mode: DeviceDialogMode;
  /** Required for edit. */
  device?: ManagedDevice;
  onClose: () => void;
  /** After a create: the page shows the new key (once). */
  onCreated: (result: DeviceWithKey) => void;
};

/**
 * Add or edit a device. Mount it with a fresh `key` each time it opens, so its form starts clean.
 * The type is chosen once, at creation (the API cannot change it).
 */
export function DeviceDialog({ open, mode, device, onClose, onCreated }: DeviceDialogProps) {
  const { t } = useTranslation();
  const createDevice = useCreateDevice();
  const updateDevice = useUpdateDevice();
  const [form, setForm] = useState<DeviceForm>(() => initialDeviceForm(device));
  const [submitted, setSubmitted] = useState(false);
  const dirty = useChanged(form);
  const flight = useSingleFlight();
  const submitting = flight.running;
  const errors = submitted ? validateDeviceForm(form) : {};

  const set = <K extends keyof DeviceForm>(key: K, value: DeviceForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (flight.isBusy()) return;
    setSubmitted(true);
    if (Object.keys(validateDeviceForm(form)).length > 0) return;
    const name = form.description.trim();
    const body = mode === 'edit' && device ? updateDeviceRequest(form, device) : null;
    if (mode === 'edit' && !body) {
      // Nothing changed: nothing to send.
      onClose();
      return;
    }
    if (body) {
      const result = await flight.run(() =>
        notify.run(() => updateDevice.mutateAsync(body), {
          loading: t('common.updating'),
          success: t('devices.updated', { name }),
        }),
      );
      if (result?.ok) onClose();
      return;
    }
    const result = await flight.run(() =>
      notify.run(() => createDevice.mutateAsync(createDeviceRequest(form)), {
        loading: t('common.adding'),
        success: t('devices.added', { name }),
      }),
    );
    if (result?.ok) onCreated(result.data);
  };

  const cancel = () => {
    if (!submitting) onClose();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={cancel}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={
        mode === 'create'
          ? t('devices.dialog.create_title')
          : t('devices.dialog.edit_title', { name: device?.description })
      }
      testId="device-dialog"
      width={440}
      dataAttributes={{ 'data-mode': mode }}
      submitLabel={mode === 'create' ? t('common.add') : t('common.save')}
    >
      <TextField
        label={t('devices.dialog.name')}
        value={form.description}
        onChange={(event) => set('description', event.target.value)}
        autoComplete="off"
        required
        autoFocus
        error={Boolean(errors.description)}
        helperText={errors.description ? translateRule(t, errors.description) : t('devices.dialog.name_hint')}
        slotProps={{ htmlInput: { 'data-testid': 'device-name', maxLength: DEVICE_NAME_MAX } }}
      />
      {mode === 'create' && (
        <TextField
          select
          required
          label={t('devices.dialog.kind')}
          value={form.kind}
          onChange={(event) => set('kind', event.target.value as DeviceKind)}
          helperText={t(`devices.kind_hints.${form.kind}`)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'device-kind' } as object } }}
        >
          {DEVICE_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind} data-testid={`device-kind-option-${kind}`}>
              {t(`devices.kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <LanguageFields
        value={form.languages}
        onChange={(languages) => set('languages', languages)}
        error={errors.languages ? translateRule(t, errors.languages) : undefined}
      />
    </FormDialog>
  );
}
