import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_EVENT, ZCallEvent, type Call } from '@ambassador/contracts';
import { browserPeer } from '@ambassador/webrtc';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLIENT_ID, liveSocket, useLiveEvent } from '@/shared/realtime/live-socket';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { loadIceServers } from '../api/get-ice-servers';
import { updateCallStatus, useUpdateCallStatus } from '../api/update-call-status';
import {
  getLocalMedia,
  startOperatorPeer,
  type LocalMedia,
  type OperatorPeer,
  type PeerState,
} from './operator-peer';

/**
 * This tab's call: answering (the PUT), connecting (camera, offer, ICE), connected, and its end.
 * `failed` keeps the call answered so the operator can hang up; `ended` is shown until another call
 * is answered.
 */
export type CallPhase = 'answering' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'ended';

export type ActiveCall = {
  realSessionId: string;
  deviceId: number;
  phase: CallPhase;
  mediaMode: LocalMedia['mode'] | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** ms since epoch when media first flowed. */
  connectedAt: number | null;
  /** Who ended it, once ended: this operator, or the other side / the server. */
  endedBy: 'operator' | 'remote' | null;
};

const IN_CALL: CallPhase[] = ['answering', 'connecting', 'connected', 'reconnecting', 'failed'];

export function isInCall(call: ActiveCall | null): boolean {
  return call !== null && IN_CALL.includes(call.phase);
}

/** PUT ended without the snackbar: the page is gone, nobody is there to read it. */
function endQuietly(call: Pick<ActiveCall, 'realSessionId' | 'deviceId'>): void {
  void updateCallStatus({
    device_id: call.deviceId,
    real_session_id: call.realSessionId,
    status: 'ended',
    client_id: CLIENT_ID,
  }).catch(() => undefined);
}

export function useOperatorCall() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const updateStatus = useUpdateCallStatus();
  const [active, setActive] = useState<ActiveCall | null>(null);
  const activeRef = useRef<ActiveCall | null>(null);
  const peer = useRef<OperatorPeer | null>(null);
  const media = useRef<MediaStream | null>(null);
  const disposed = useRef(false);

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
      // Closing the peer stops the tracks it was given; before it exists, they are stopped here.
      if (peer.current) peer.current.close();
      else for (const track of media.current?.getTracks() ?? []) track.stop();
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

  const answer = async (call: Call) => {
    if (isInCall(activeRef.current)) return;
    const socket = liveSocket();
    if (!socket?.connected) {
      notify.error(t('calls.errors.live_offline'));
      return;
    }
    const id = call.real_session_id;
    activeRef.current = {
      realSessionId: id,
      deviceId: call.device_id,
      phase: 'answering',
      mediaMode: null,
      localStream: null,
      remoteStream: null,
      connectedAt: null,
      endedBy: null,
    };
    setActive(activeRef.current);

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
      if (activeRef.current?.realSessionId === id) {
        activeRef.current = null;
        setActive(null);
      }
      return;
    }
    if (disposed.current) {
      endQuietly(activeRef.current ?? { realSessionId: id, deviceId: call.device_id });
      return;
    }
    if (!stillCurrent(id)) return;

    const local = await getLocalMedia(globalThis.navigator?.mediaDevices);
    if (!stillCurrent(id)) {
      for (const track of local.stream?.getTracks() ?? []) track.stop();
      return;
    }
    media.current = local.stream;
    patch(id, { phase: 'connecting', mediaMode: local.mode, localStream: local.stream });

    const iceServers = await loadIceServers(queryClient);
    if (!stillCurrent(id)) return;
    if (typeof RTCPeerConnection === 'undefined') {
      notify.error(t('calls.errors.no_webrtc'));
      patch(id, { phase: 'failed' });
      return;
    }
    try {
      peer.current = await startOperatorPeer({
        realSessionId: id,
        socket,
        createPeer: browserPeer,
        iceServers,
        localStream: local.stream,
        onRemoteStream: (stream) => patch(id, { remoteStream: stream }),
        onState: (state: PeerState) => {
          const current = activeRef.current;
          if (!current || current.realSessionId !== id || current.phase === 'ended') return;
          if (state === 'connected') {
            patch(id, { phase: 'connected', connectedAt: current.connectedAt ?? Date.now() });
          } else if (state === 'disconnected') {
            patch(id, { phase: 'reconnecting' });
          } else if (state === 'failed') {
            patch(id, { phase: 'failed' });
          } else if (state === 'connecting' && current.phase !== 'connecting') {
            patch(id, { phase: 'connecting' });
          }
        },
      });
      // Hung up while the offer was being made.
      if (!stillCurrent(id)) peer.current?.close();
    } catch (error) {
      console.warn('[call] could not start the connection', error);
      notify.error(t('calls.errors.connect_failed'));
      patch(id, { phase: 'failed' });
    }
  };

  /** Hang up this tab's call: media off at once, then PUT ended. */
  const hangUp = async () => {
    const current = activeRef.current;
    if (!current || current.phase === 'ended') return;
    closeLocal('operator');
    await notify.run(
      () =>
        updateStatus.mutateAsync({
          device_id: current.deviceId,
          real_session_id: current.realSessionId,
          status: 'ended',
          client_id: CLIENT_ID,
        }),
      { loading: t('calls.hanging_up'), success: t('calls.hung_up') },
    );
  };

  /** End a call answered elsewhere (another tab of this operator, a reloaded page). */
  const endElsewhere = async (call: Call) => {
    await notify.run(
      () =>
        updateStatus.mutateAsync({
          device_id: call.device_id,
          real_session_id: call.real_session_id,
          status: 'ended',
          client_id: CLIENT_ID,
        }),
      { loading: t('calls.hanging_up'), success: t('calls.hung_up') },
    );
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
      if (peer.current) peer.current.close();
      else for (const track of media.current?.getTracks() ?? []) track.stop();
      // While answering, `answer` itself ends the call once its PUT is through.
      if (current && current.phase !== 'answering' && isInCall(current)) endQuietly(current);
    };
  }, []);

  // A reload or a closed tab would drop the call: the browser asks first.
  const inCall = isInCall(active);
  useEffect(() => {
    if (!inCall) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [inCall]);

  return { active, answer, hangUp, endElsewhere };
}
