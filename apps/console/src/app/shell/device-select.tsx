import { lazy, Suspense, useState, type MouseEvent, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import { createSvgIcon } from '@mui/material/utils';
import { canOpen } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadStringPack } from '@/i18n/i18n';
import { useAuth } from '@/shared/auth/auth-store';
import { switchDevice } from '@/shared/auth/switch-device';
import { HOME_PATH } from '../route-guard';

/** A database with a plus: copy this device's AI data somewhere else. */
const DatabasePlusIcon = createSvgIcon(
  <path d="M10 3C5.58 3 2 4.57 2 6.5v11C2 19.43 5.58 21 10 21c.34 0 .67-.01 1-.03v-2.01c-.33.03-.66.04-1 .04-3.87 0-6-1.27-6-1.5v-2.24c1.52.78 3.7 1.24 6 1.24.34 0 .67-.01 1-.03v-2.01c-.33.03-.66.04-1 .04-3.87 0-6-1.27-6-1.5V9.27C5.52 10.05 7.7 10.5 10 10.5s4.48-.45 6-1.23V12h2V6.5C18 4.57 14.42 3 10 3zm0 5.5c-3.87 0-6-1.27-6-2s2.13-2 6-2 6 1.27 6 2-2.13 2-6 2zM19 14h-2v3h-3v2h3v3h2v-3h3v-2h-3v-3z" />,
  'DatabasePlus',
);

/** The transfer dialog belongs to the AI feature: loaded only when asked for. */
const TransferDialog = lazy(async () => ({
  // The AI screens' strings come with it (a pack of their own, not in the login bundle).
  default: (
    await Promise.all([import('@/features/ai/transfer/dialogs/transfer-dialog'), loadStringPack('ai')])
  )[0].TransferDialog,
}));

/** The device every screen works on. Changing it goes to /dashboard with fresh data. */
export function DeviceSelect() {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [transfer, setTransfer] = useState<{ key: number; open: boolean; sourceId: number | null }>({
    key: 0,
    open: false,
    sourceId: null,
  });
  const devices = auth.device_list;
  const selected = devices.find((d) => d.id === auth.selected_device);
  const value = selected ? String(selected.id) : '';
  const selectedName = selected?.description ?? '';
  // Copying AI data is an AI Configuration action.
  const canTransfer = canOpen(auth.page_access, '/ai');

  const change = async (id: number) => {
    if (id === auth.selected_device) return;
    await switchDevice(queryClient, id);
    if (location.pathname !== HOME_PATH) void navigate(HOME_PATH);
  };

  const openTransfer = (event: MouseEvent, sourceId: number) => {
    // The button sits inside the option: it must not also choose the device.
    event.stopPropagation();
    event.preventDefault();
    setOpen(false);
    setTransfer((s) => ({ key: s.key + 1, open: true, sourceId }));
  };

  const stop = (event: SyntheticEvent) => event.stopPropagation();

  return (
    <>
      <FormControl fullWidth size="small">
        <InputLabel id="device-select-label">{t('shell.device')}</InputLabel>
        <Select
          labelId="device-select-label"
          label={t('shell.device')}
          value={value}
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          disabled={devices.length === 0}
          displayEmpty={devices.length === 0}
          renderValue={() => (devices.length === 0 ? t('shell.no_devices') : selectedName)}
          onChange={(event) => void change(Number(event.target.value))}
          // The closed select names the device in full on hover, even when two lines cut it.
          SelectDisplayProps={{ title: selectedName }}
          MenuProps={{ slotProps: { paper: { sx: { maxWidth: 'min(360px, calc(100vw - 32px))' } } } }}
          sx={{
            fontSize: 14,
            '& .MuiSelect-select': {
              // Up to two lines: a typical name ("Main Lobby Ambassador") shows whole.
              whiteSpace: 'normal',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              lineHeight: 1.35,
            },
          }}
          data-testid="device-select"
        >
          {devices.map((device) => (
            <MenuItem
              key={device.id}
              value={String(device.id)}
              data-testid={`device-option-${device.id}`}
              sx={{ gap: 1, pr: canTransfer ? 1 : undefined }}
            >
              <Box
                component="span"
                sx={{ flex: 1, minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', fontSize: 14 }}
              >
                {device.description}
              </Box>
              {canTransfer && (
                <Tooltip title={t('shell.transfer_tooltip')} placement="right">
                  <IconButton
                    size="small"
                    edge="end"
                    onClick={(event) => openTransfer(event, device.id)}
                    onMouseDown={stop}
                    onMouseUp={stop}
                    onKeyDown={stop}
                    onKeyUp={stop}
                    aria-label={`${t('shell.transfer_tooltip')}: ${device.description}`}
                    data-testid={`transfer-open-${device.id}`}
                  >
                    <DatabasePlusIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {transfer.key > 0 && (
        <Suspense fallback={null}>
          <TransferDialog
            key={transfer.key}
            open={transfer.open}
            sourceId={transfer.sourceId}
            onClose={() => setTransfer((s) => ({ ...s, open: false }))}
          />
        </Suspense>
      )}
    </>
  );
}
