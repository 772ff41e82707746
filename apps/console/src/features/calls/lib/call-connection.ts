import type { RefObject } from 'react';
import { browserPeer } from '@ambassador/webrtc';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { loadIceServers } from '../api/get-ice-servers';
import type { ActiveCall } from './active-call';
import {
  getLocalMedia,
  startOperatorPeer,
  type OperatorPeer,
  type PeerState,
  type SignalSocket,
} from './operator-peer';

/** What an answered call's connection works with: the tab's call and its peer and camera. */
export type CallLink = {
  /** This tab's call as it is now (the state's latest value). */
  activeRef: RefObject<ActiveCall | null>;
  peer: RefObject<OperatorPeer | null>;
  media: RefObject<MediaStream | null>;
  /** Changes the call, if it is still the one named. */
  patch: (realSessionId: string, next: Partial<ActiveCall>) => void;
  /** Whether the call named is still this tab's, not ended, and the page still here. */
  stillCurrent: (realSessionId: string) => boolean;
};

/** Closes the connection, which stops the tracks it was given; before it exists, they are stopped here. */
export function stopMedia(peer: RefObject<OperatorPeer | null>, media: RefObject<MediaStream | null>): void {
  if (peer.current) peer.current.close();
  else for (const track of media.current?.getTracks() ?? []) track.stop();
}

/** What the connection's state changes of the call; null when nothing. */
export function peerStateChange(state: PeerState, current: ActiveCall): Partial<ActiveCall> | null {
  if (state === 'connected') return { phase: 'connected', connectedAt: current.connectedAt ?? Date.now() };
  if (state === 'disconnected') return { phase: 'reconnecting' };
  if (state === 'failed') return { phase: 'failed' };
  if (state === 'connecting' && current.phase !== 'connecting') return { phase: 'connecting' };
  return null;
}

/**
 * Once the call is answered: the camera and microphone, the ICE servers, then the offer. Each step
 * first checks the call is still this tab's (hung up, ended by the visitor, the page left).
 */
export async function connectCall(
  id: string,
  socket: SignalSocket,
  link: CallLink,
  { t, queryClient }: { t: TFunction; queryClient: QueryClient },
): Promise<void> {
  const { activeRef, peer, media, patch, stillCurrent } = link;
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
        const change = peerStateChange(state, current);
        if (change) patch(id, change);
      },
    });
    // Hung up while the offer was being made.
    if (!stillCurrent(id)) peer.current?.close();
  } catch (error) {
    console.warn('[call] could not start the connection', error);
    notify.error(t('calls.errors.connect_failed'));
    patch(id, { phase: 'failed' });
  }
}
