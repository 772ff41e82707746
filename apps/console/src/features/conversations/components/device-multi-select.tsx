import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import type { Device } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

/** Which of the project's devices the list covers; at least one stays chosen. */
export function DeviceMultiSelect({
  devices,
  value,
  onChange,
}: {
  devices: Device[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const label = t('conversations.filters.devices');
  const names = (ids: number[]) =>
    ids.length === devices.length && devices.length > 1
      ? t('conversations.filters.all_devices', { total: devices.length })
      : ids.map((id) => devices.find((d) => d.id === id)?.description ?? `#${id}`).join(', ');
  return (
    <FormControl size="small" sx={{ width: 260, maxWidth: '100%' }}>
      <InputLabel id="conversation-devices-label">{label}</InputLabel>
      <Select<number[]>
        multiple
        labelId="conversation-devices-label"
        value={value}
        input={<OutlinedInput label={label} />}
        renderValue={names}
        onChange={(event) => {
          const next = event.target.value;
          const ids = (typeof next === 'string' ? next.split(',').map(Number) : next).filter(
            Number.isInteger,
          );
          // An empty choice would list nothing at all: keep the last device instead.
          if (ids.length > 0) onChange(devices.filter((d) => ids.includes(d.id)).map((d) => d.id));
        }}
        SelectDisplayProps={{ 'data-testid': 'conversation-devices' } as object}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        {devices.map((device) => (
          <MenuItem key={device.id} value={device.id} data-testid={`conversation-device-option-${device.id}`}>
            <Checkbox size="small" checked={value.includes(device.id)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={device.description} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
