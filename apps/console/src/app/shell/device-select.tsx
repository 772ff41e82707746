import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authStore, useAuth } from '../../shared/auth/auth-store';
import { HOME_PATH } from '../route-guard';

/** The device everything is about (SPEC §1). Changing it goes to /dashboard with fresh data. */
export function DeviceSelect() {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const devices = auth.device_list;
  const value = devices.some((d) => d.id === auth.selected_device) ? String(auth.selected_device) : '';

  const change = async (id: number) => {
    if (id === auth.selected_device) return;
    await queryClient.cancelQueries();
    authStore.update({ selected_device: id });
    // Nothing of the previous device may show for the new one.
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.invalidateQueries();
    if (location.pathname !== HOME_PATH) void navigate(HOME_PATH);
  };

  return (
    <FormControl fullWidth size="small">
      <InputLabel id="device-select-label">{t('shell.device')}</InputLabel>
      <Select
        labelId="device-select-label"
        label={t('shell.device')}
        value={value}
        disabled={devices.length === 0}
        displayEmpty={devices.length === 0}
        renderValue={(selected) =>
          devices.length === 0
            ? t('shell.no_devices')
            : (devices.find((d) => String(d.id) === selected)?.description ?? '')
        }
        onChange={(event) => void change(Number(event.target.value))}
        data-testid="device-select"
      >
        {devices.map((device) => (
          <MenuItem key={device.id} value={String(device.id)} data-testid={`device-option-${device.id}`}>
            {device.description}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
