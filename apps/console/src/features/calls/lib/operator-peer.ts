import { SOCKET, type CallSignal, type IceServer } from '@ambassador/contracts';
import { openPeerLink, type OfferingPeer, type PeerFactory } from '@ambassador/webrtc';

/**
 * The operator's side of a call's WebRTC connection. The console makes the
 * offer once the call is answered; the kiosk answers it; both trickle ICE candidates, relayed by
 * the server as `call:signal` (the connection itself is @ambassador/webrtc's, shared with the
 * kiosk). The browser APIs come in as parameters (a peer-connection factory and the socket), so
 * the order of things can be tested with small fakes.
 */

/** The part of socket.io's Socket this needs. */
export type SignalSocket = {
  emit(event: string, payload: CallSignal): unknown;
  on(event: string, handler: (payload: CallSignal) => void): unknown;
  off(event: string, handler: (payload: CallSignal) => void): unknown;
};

/** The part of RTCPeerConnection this needs. */
export type PeerLike = OfferingPeer;

/** What the operator sees of the connection. */
export type PeerState = 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export type OperatorPeerOptions = {
  realSessionId: string;
  socket: SignalSocket;
  createPeer: PeerFactory<PeerLike>;
  iceServers: IceServer[];
  /** The operator's camera and microphone; null to only receive. */
  localStream: MediaStream | null;
  onRemoteStream: (stream: MediaStream) => void;
  onState: (state: PeerState) => void;
  /** Problems worth a log line but not the operator's attention (a candidate the browser refused). */
  onWarning?: (message: string, error?: unknown) => void;
};

export type OperatorPeer = {
  /** Closes the connection, stops the local tracks and stops listening. Safe to call twice. */
  close(): void;
  readonly closed: boolean;
};

/** Starts the call's connection: tracks added, offer sent. Rejects (and cleans up) if the offer fails. */
export async function startOperatorPeer(options: OperatorPeerOptions): Promise<OperatorPeer> {
  const { realSessionId, socket, localStream, onState } = options;
  const warn = options.onWarning ?? ((message, error) => console.warn(`[call] ${message}`, error ?? ''));
  const link = openPeerLink({
    createPeer: options.createPeer,
    iceServers: options.iceServers,
    send: (signal) => socket.emit(SOCKET.callSignal, { real_session_id: realSessionId, ...signal }),
    onRemoteStream: options.onRemoteStream,
    onConnectionState: (state) => {
      if (state === 'connected' || state === 'disconnected' || state === 'failed') onState(state);
      else if (state === 'new' || state === 'connecting') onState('connecting');
    },
    onCandidateRefused: (error) => warn('remote candidate refused', error),
    onCloseFailed: (error) => warn('closing the connection failed', error),
  });
  const pc = link.peer;
  let applyingAnswer = false;

  const onSignal = (signal: CallSignal) => {
    if (link.closed || signal?.real_session_id !== realSessionId) return;
    if (signal.description) {
      if (signal.description.type !== 'answer' || link.remoteReady || applyingAnswer) return;
      applyingAnswer = true;
      pc.setRemoteDescription({ type: 'answer', sdp: signal.description.sdp }).then(
        async () => {
          applyingAnswer = false;
          if (link.closed) return;
          await link.remoteDescriptionSet();
        },
        (error: unknown) => {
          applyingAnswer = false;
          warn('the kiosk answer was refused', error);
          if (!link.closed) onState('failed');
        },
      );
    }
    // Candidates of the kiosk that come before its answer wait for it.
    if (signal.candidate) void link.addRemoteCandidate(signal.candidate);
  };

  const close = () => {
    if (link.closed) return;
    link.close();
    socket.off(SOCKET.callSignal, onSignal);
    // The camera light goes off when the call does.
    for (const track of localStream?.getTracks() ?? []) track.stop();
    onState('closed');
  };

  // Listening before the offer leaves, so a quick answer is not missed.
  socket.on(SOCKET.callSignal, onSignal);
  onState('connecting');

  try {
    const tracks = link.addTracks(localStream);
    // Without a camera (or a microphone) the kiosk's video and voice still come through.
    if (!tracks.some((track) => track.kind === 'audio'))
      pc.addTransceiver('audio', { direction: 'recvonly' });
    if (!tracks.some((track) => track.kind === 'video'))
      pc.addTransceiver('video', { direction: 'recvonly' });

    const offer = await pc.createOffer();
    if (link.closed) return { close, closed: true };
    await pc.setLocalDescription(offer);
    if (link.closed) return { close, closed: true };
    // Our candidates gathered meanwhile follow the offer.
    link.sendDescription({ type: 'offer', sdp: offer.sdp ?? '' });
  } catch (error) {
    close();
    throw error;
  }

  return {
    close,
    get closed() {
      return link.closed;
    },
  };
}

export type LocalMedia = {
  stream: MediaStream | null;
  /** What the operator sends: camera and microphone, microphone only, or nothing. */
  mode: 'audio_video' | 'audio_only' | 'receive_only';
  /** Why the camera (or everything) is missing, for the operator. */
  error?: unknown;
};

/** Camera and microphone, else the microphone, else receive only: a missing camera never blocks a call. */
export async function getLocalMedia(
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined,
): Promise<LocalMedia> {
  if (!mediaDevices?.getUserMedia) return { stream: null, mode: 'receive_only' };
  try {
    return { stream: await mediaDevices.getUserMedia({ audio: true, video: true }), mode: 'audio_video' };
  } catch (videoError) {
    try {
      const stream = await mediaDevices.getUserMedia({ audio: true, video: false });
      return { stream, mode: 'audio_only', error: videoError };
    } catch (audioError) {
      return { stream: null, mode: 'receive_only', error: audioError };
    }
  }
}
