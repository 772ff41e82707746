import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '@/shared/realtime/live-socket';
import { TOP_BAR_HEIGHT } from '../theme';
import { Spinner } from '@/shared/ui/spinner';

/** A drop shorter than this (a network blip the library bridges at once) is not announced. */
export const LOST_NOTICE_AFTER_MS = 2_000;

/**
 * Says, on every screen, that the live connection to the server is down and being restored: until
 * it is back no call rings and no visitor's chat arrives, so the operator must not think all is quiet.
 */
export function ConnectionLostBanner() {
  const { connected, lost, connectionError } = useLiveStatus();
  // Dropped, or never reached: mounted per outage, so each one waits its own delay.
  return !connected && (lost || connectionError) ? <LostNotice /> : null;
}

function LostNotice() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LOST_NOTICE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      icon={<Spinner size={18} color="inherit" aria-hidden="true" />}
      data-testid="connection-lost"
      sx={{
        position: 'fixed',
        // Under the top bar, clear of the snackbars at the bottom.
        top: TOP_BAR_HEIGHT + 8,
        maxWidth: 'calc(100% - 32px)',
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1400,
        boxShadow: 3,
      }}
    >
      {t('shell.connection_lost')}
    </Alert>
  );
}
