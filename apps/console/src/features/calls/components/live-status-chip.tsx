import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '@/shared/realtime/live-socket';

/** The live socket's state: calls and changes arrive at once only while it is connected. */
export function LiveStatusChip() {
  const { t } = useTranslation();
  const { connected, connectionError } = useLiveStatus();
  const state = connected ? 'connected' : connectionError ? 'reconnecting' : 'connecting';
  return (
    <Tooltip title={connected ? t('calls.live.connected_hint') : t('calls.live.reconnecting_hint')}>
      <Chip
        size="small"
        variant="outlined"
        color={connected ? 'success' : 'warning'}
        icon={<FiberManualRecordIcon sx={{ fontSize: 12 }} />}
        label={t(`calls.live.${state}`)}
        data-testid="live-status"
        data-state={state}
      />
    </Tooltip>
  );
}
