import { SOCKET, type CallSignal, type IceServer } from '@ambassador/contracts';

/**
 * The operator's side of a call's WebRTC connection (SPEC §7 Video calls). The console makes the
 * offer once the call is answered; the kiosk answers it; both trickle ICE candidates, relayed by
 * the server as `call:signal`. The browser APIs come in as parameters (a peer-connection factory
 * and the socket), so the order of things can be tested with small fakes.
 */

/** The part of socket.io's Socket this needs. */
export type SignalSocket = {
  emit(event: string, payload: CallSignal): unknown;
  on(event: string, handler: (payload: CallSignal) => void): unknown;
  off(event: string, handler: (payload: CallSignal) => void): unknown;
};

/** The part of RTCPeerConnection this needs. */
export type PeerLike = {
  readonly connectionState: string;
  readonly remoteDescription: unknown;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null;
  ontrack: ((event: { streams: readonly MediaStream[]; track: MediaStreamTrack }) => void) | null;
  onconnectionstatechange: (() => void) | null;
  addTrack(track: MediaStreamTrack, stream: MediaStream): unknown;
  addTransceiver(kind: 'audio' | 'video', init: { direction: 'recvonly' }): unknown;
  createOffer(): Promise<{ type: string; sdp?: string }>;
  setLocalDescription(description: { type: string; sdp?: string }): Promise<void>;
  setRemoteDescription(description: { type: 'answer'; sdp: string }): Promise<void>;
  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  close(): void;
};

export type PeerFactory = (config: { iceServers: IceServer[] }) => PeerLike;

/** What the operator sees of the connection. */
export type PeerState = 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export type OperatorPeerOptions = {
  realSessionId: string;
  socket: SignalSocket;
  createPeer: PeerFactory;
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

type Candidate = NonNullable<CallSignal['candidate']>;

/** Starts the call's connection: tracks added, offer sent. Rejects (and cleans up) if the offer fails. */
export async function startOperatorPeer(options: OperatorPeerOptions): Promise<OperatorPeer> {
  const { realSessionId, socket, localStream, onState } = options;
  const warn = options.onWarning ?? ((message, error) => console.warn(`[call] ${message}`, error ?? ''));
  const pc = options.createPeer({ iceServers: options.iceServers });

  let closed = false;
  let offerSent = false;
  let remoteReady = false;
  let applyingAnswer = false;
  // Candidates of the kiosk that came before its answer: the browser refuses them until then.
  const inbound: Candidate[] = [];
  // Our candidates gathered before the offer left: the kiosk cannot use them before the offer.
  const outbound: Candidate[] = [];

  const send = (signal: Omit<CallSignal, 'real_session_id'>) =>
    socket.emit(SOCKET.callSignal, { real_session_id: realSessionId, ...signal });

  const addCandidate = (candidate: Candidate) =>
    pc.addIceCandidate(candidate).catch((error: unknown) => warn('remote candidate refused', error));

  const onSignal = (signal: CallSignal) => {
    if (closed || signal?.real_session_id !== realSessionId) return;
    if (signal.description) {
      if (signal.description.type !== 'answer' || remoteReady || applyingAnswer) return;
      applyingAnswer = true;
      pc.setRemoteDescription({ type: 'answer', sdp: signal.description.sdp }).then(
        async () => {
          applyingAnswer = false;
          if (closed) return;
          remoteReady = true;
          for (const candidate of inbound.splice(0)) await addCandidate(candidate);
        },
        (error: unknown) => {
          applyingAnswer = false;
          warn('the kiosk answer was refused', error);
          if (!closed) onState('failed');
        },
      );
    }
    if (signal.candidate) {
      if (remoteReady) void addCandidate(signal.candidate);
      else inbound.push(signal.candidate);
    }
  };

  const close = () => {
    if (closed) return;
    closed = true;
    socket.off(SOCKET.callSignal, onSignal);
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    try {
      pc.close();
    } catch (error) {
      warn('closing the connection failed', error);
    }
    // The camera light goes off when the call does.
    for (const track of localStream?.getTracks() ?? []) track.stop();
    onState('closed');
  };

  pc.onicecandidate = (event) => {
    if (closed || !event.candidate) return;
    const candidate = event.candidate.toJSON() as Candidate;
    if (!candidate.candidate) return;
    if (offerSent) send({ candidate });
    else outbound.push(candidate);
  };
  pc.ontrack = (event) => {
    if (closed) return;
    const stream =
      event.streams[0] ?? (typeof MediaStream === 'undefined' ? null : new MediaStream([event.track]));
    if (stream) options.onRemoteStream(stream);
  };
  pc.onconnectionstatechange = () => {
    if (closed) return;
    const state = pc.connectionState;
    if (state === 'connected' || state === 'disconnected' || state === 'failed') onState(state);
    else if (state === 'new' || state === 'connecting') onState('connecting');
  };

  // Listening before the offer leaves, so a quick answer is not missed.
  socket.on(SOCKET.callSignal, onSignal);
  onState('connecting');

  try {
    const tracks = localStream?.getTracks() ?? [];
    for (const track of tracks) pc.addTrack(track, localStream!);
    // Without a camera (or a microphone) the kiosk's video and voice still come through.
    if (!tracks.some((track) => track.kind === 'audio'))
      pc.addTransceiver('audio', { direction: 'recvonly' });
    if (!tracks.some((track) => track.kind === 'video'))
      pc.addTransceiver('video', { direction: 'recvonly' });

    const offer = await pc.createOffer();
    if (closed) return { close, closed: true };
    await pc.setLocalDescription(offer);
    if (closed) return { close, closed: true };
    send({ description: { type: 'offer', sdp: offer.sdp ?? '' } });
    offerSent = true;
    for (const candidate of outbound.splice(0)) send({ candidate });
  } catch (error) {
    close();
    throw error;
  }

  return {
    close,
    get closed() {
      return closed;
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

/** Camera and microphone if possible, else the microphone, else receive only (SPEC §7). */
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
