import { useEffect } from 'react';
import { CLIENT_ID } from '@/shared/realtime/live-socket';
import { updateCallStatus } from '../api/update-call-status';
import type { ActiveCall } from './active-call';

/** PUT ended without the snackbar: the page is gone, nobody is there to read it. */
export function endQuietly(call: Pick<ActiveCall, 'realSessionId' | 'deviceId'>): void {
  void updateCallStatus({
    device_id: call.deviceId,
    real_session_id: call.realSessionId,
    status: 'ended',
    client_id: CLIENT_ID,
  }).catch(() => undefined);
}

/** A reload or a closed tab would drop the call: the browser asks first. */
export function useWarnBeforeUnload(inCall: boolean): void {
  useEffect(() => {
    if (!inCall) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [inCall]);
}
