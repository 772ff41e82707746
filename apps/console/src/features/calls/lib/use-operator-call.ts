import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_EVENT, ZCallEvent, type Call } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLIENT_ID, liveSocket, useLiveEvent } from '@/shared/realtime/live-socket';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUpdateCallStatus } from '../api/update-call-status';
import { isInCall, type ActiveCall } from './active-call';
import { connectCall, stopMedia } from './call-connection';
import type { OperatorPeer } from './operator-peer';
import { endQuietly, useWarnBeforeUnload } from './use-call-leave';

export { isInCall, type ActiveCall, type CallPhase } from './active-call';

/** A call just answered: nothing connected yet. */
const answering = (call: Call): ActiveCall => ({
  realSessionId: call.real_session_id,
  deviceId: call.device_id,
  phase: 'answering',
  mediaMode: null,
  localStream: null,
  remoteStream: null,
  connectedAt: null,
  endedBy: null,
});

export function useOperatorCall() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const updateStatus = useUpdateCallStatus();
  const [active, setActive] = useState<ActiveCall | null>(null);
  /** The call's latest value, for the steps that run after awaits. */
  const activeRef = useRef<ActiveCall | null>(null);
  const peer = useRef<OperatorPeer | null>(null);
  const media = useRef<MediaStream | null>(null);
  const disposed = useRef(false);

  const replace = (next: ActiveCall | null) => {
    activeRef.current = next;
    setActive(next);
  };

  const patch = useCallback((realSessionId: string, next: Partial<ActiveCall>) => {
    const current = activeRef.current;
    if (!current || current.realSessionId !== realSessionId) return;
    activeRef.current = { ...current, ...next };
    setActive(activeRef.current);
  }, []);

  /** Drops the connection and the camera; the server is told separately (or already knows). */
  const closeLocal = useCallback(
    (endedBy: 'operator' | 'remote') => {
      const current = activeRef.current;
      stopMedia(peer, media);
      peer.current = null;
      media.current = null;
      if (current && current.phase !== 'ended') {
        patch(current.realSessionId, {
          phase: 'ended',
          endedBy,
          localStream: null,
          remoteStream: null,
        });
      }
    },
    [patch],
  );

  const stillCurrent = (realSessionId: string) =>
    !disposed.current &&
    activeRef.current?.realSessionId === realSessionId &&
    activeRef.current.phase !== 'ended';

  /** PUT ended, with the snackbar. */
  const putEnded = (deviceId: number, realSessionId: string) =>
    notify.run(
      () =>
        updateStatus.mutateAsync({
          device_id: deviceId,
          real_session_id: realSessionId,
          status: 'ended',
          client_id: CLIENT_ID,
        }),
      { loading: t('calls.hanging_up'), success: t('calls.hung_up') },
    );

  const answer = async (call: Call) => {
    if (isInCall(activeRef.current)) return;
    const socket = liveSocket();
    if (!socket?.connected) {
      notify.error(t('calls.errors.live_offline'));
      return;
    }
    const id = call.real_session_id;
    replace(answering(call));

    const result = await notify.run(
      () =>
        updateStatus.mutateAsync({
          device_id: call.device_id,
          real_session_id: id,
          status: 'answered',
          client_id: CLIENT_ID,
        }),
      { loading: t('calls.answering'), success: t('calls.answered', { device: call.device_name }) },
    );
    if (!result.ok) {
      if (activeRef.current?.realSessionId === id) replace(null);
      return;
    }
    if (disposed.current) {
      endQuietly(activeRef.current ?? { realSessionId: id, deviceId: call.device_id });
      return;
    }
    if (!stillCurrent(id)) return;
    await connectCall(id, socket, { activeRef, peer, media, patch, stillCurrent }, { t, queryClient });
  };

  /** Hang up this tab's call: media off at once, then PUT ended. */
  const hangUp = async () => {
    const current = activeRef.current;
    if (!current || current.phase === 'ended') return;
    closeLocal('operator');
    await putEnded(current.deviceId, current.realSessionId);
  };

  /** End a call answered elsewhere (another tab of this operator, a reloaded page). */
  const endElsewhere = async (call: Call) => {
    await putEnded(call.device_id, call.real_session_id);
  };

  // The visitor hung up, or the server ended or missed the call.
  useLiveEvent(LIVE_EVENT.refreshCall, (raw) => {
    const event = ZCallEvent.safeParse(raw);
    if (!event.success) return;
    const { real_session_id, status } = event.data;
    const current = activeRef.current;
    if (current?.realSessionId === real_session_id && (status === 'ended' || status === 'missed')) {
      closeLocal('remote');
    }
  });

  // Leaving the page ends the call (its video lives here) and tells the server.
  useEffect(() => {
    // StrictMode mounts twice in development: the second mount is live again.
    disposed.current = false;
    return () => {
      disposed.current = true;
      const current = activeRef.current;
      stopMedia(peer, media);
      // While answering, `answer` itself ends the call once its PUT is through.
      if (current && current.phase !== 'answering' && isInCall(current)) endQuietly(current);
    };
  }, []);

  useWarnBeforeUnload(isInCall(active));

  return { active, answer, hangUp, endElsewhere };
}
