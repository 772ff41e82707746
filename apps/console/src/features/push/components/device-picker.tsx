import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { PUSH_EXPIRY_MS, type Device } from '@ambassador/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The menu item that chooses (or clears) every device; never a device id. */
const ALL = -1;

/** Which of the project's devices get the message, with "Select all". */
export function DevicePicker({
  devices,
  value,
  onChange,
  error,
  disabled,
}: {
  devices: readonly Device[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const label = t('push.form.devices');
  const allChosen = devices.length > 0 && devices.every((d) => value.includes(d.id));
  const names = (ids: number[]) =>
    allChosen && devices.length > 1
      ? t('push.form.all_devices', { total: devices.length })
      : devices
          .filter((d) => ids.includes(d.id))
          .map((d) => d.description)
          .join(', ');
  return (
    <FormControl fullWidth error={Boolean(error)} disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<number[]>
        multiple
        labelId={labelId}
        value={value}
        input={<OutlinedInput label={label} />}
        renderValue={names}
        onChange={(event) => {
          const next = event.target.value;
          const ids = (typeof next === 'string' ? next.split(',').map(Number) : next).filter(
            Number.isInteger,
          );
          if (ids.includes(ALL)) {
            onChange(allChosen ? [] : devices.map((d) => d.id));
            return;
          }
          // In the project's order, whatever order they were clicked in.
          onChange(devices.filter((d) => ids.includes(d.id)).map((d) => d.id));
        }}
        SelectDisplayProps={{ 'data-testid': 'push-devices' } as object}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 400 } } } }}
      >
        <MenuItem value={ALL} data-testid="push-device-all">
          <Checkbox
            size="small"
            checked={allChosen}
            indeterminate={value.length > 0 && !allChosen}
            sx={{ p: 0.5, mr: 1 }}
          />
          <ListItemText primary={t('push.form.select_all')} />
        </MenuItem>
        <Divider />
        {devices.map((device) => (
          <MenuItem key={device.id} value={device.id} data-testid={`push-device-option-${device.id}`}>
            <Checkbox size="small" checked={value.includes(device.id)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={device.description} />
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>
        {error ?? t('push.form.devices_hint', { minutes: PUSH_EXPIRY_MS / 60_000 })}
      </FormHelperText>
    </FormControl>
  );
}
