import type { CallSignal, CallUpdate, IceServer, Language, StartCallResponse } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { withRetry } from '../lib/with-retry';
import { SOCKET, type Realtime } from '../realtime/realtime-client';

/**
 * - camera: asking for the camera and microphone; starting: POST /calls on its way;
 *   ringing: the operators' consoles ring; connected: an operator answered.
 * - Then one of: missed (nobody answered), ended (either side hung up), cancelled (the visitor
 *   gave up before anyone answered), offline (outside the operators' hours), no-media (no camera
 *   or microphone), failed (the call could not be placed), lost (the connection broke).
 */
export type CallPhase =
  | 'camera'
  | 'starting'
  | 'ringing'
  | 'connected'
  | 'missed'
  | 'ended'
  | 'cancelled'
  | 'offline'
  | 'no-media'
  | 'failed'
  | 'lost';

export const LIVE_PHASES: readonly CallPhase[] = ['camera', 'starting', 'ringing', 'connected'];

export type CallState = {
  phase: CallPhase;
  /** What the operators set for calls outside their hours (phase offline). */
  offlineText: string;
  local: MediaStream | null;
  remote: MediaStream | null;
};

export const INITIAL_CALL_STATE: CallState = { phase: 'camera', offlineText: '', local: null, remote: null };

type Candidate = NonNullable<CallSignal['candidate']>;

/** The part of RTCPeerConnection a call needs (tests pass a fake). */
export type PeerLike = {
  readonly connectionState: string;
  readonly remoteDescription: unknown;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null;
  ontrack: ((event: { streams: readonly MediaStream[]; track: MediaStreamTrack }) => void) | null;
  onconnectionstatechange: (() => void) | null;
  addTrack(track: MediaStreamTrack, stream: MediaStream): unknown;
  setRemoteDescription(description: { type: 'offer'; sdp: string }): Promise<void>;
  createAnswer(): Promise<{ type: string; sdp?: string }>;
  setLocalDescription(description: { type: string; sdp?: string }): Promise<void>;
  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  close(): void;
};

export type CallOptions = {
  api: Pick<DeviceApi, 'startCall' | 'endCall'>;
  realtime: Pick<Realtime, 'on' | 'emit' | 'connected'> | null;
  language: Language;
  retryDelaysMs: readonly number[];
  /** Extra wait after the ring time before giving up when the server's "missed" never arrives. */
  ringGraceMs: number;
  onChange: (state: CallState) => void;
  /** Defaults to the browser's; tests pass fakes. */
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'>;
  createPeer?: (config: { iceServers: IceServer[] }) => PeerLike;
};

const browserPeer = (config: { iceServers: IceServer[] }) =>
  new RTCPeerConnection(config) as unknown as PeerLike;

/**
 * One video call from the kiosk. The camera comes first (so the visitor sees themselves and a
 * refused camera never rings anyone), then the call rings. The operator's console makes the WebRTC
 * offer once answered; the kiosk answers it and both sides trickle ICE candidates over the socket.
 * `dispose` (the view went away) hangs up whatever is still going.
 */
export function startCallSession(options: CallOptions) {
  const { api, realtime, language, onChange } = options;
  let state: CallState = INITIAL_CALL_STATE;
  let disposed = false;
  let callId: string | null = null;
  let iceServers: IceServer[] = [];
  let stream: MediaStream | null = null;
  let peer: PeerLike | null = null;
  let answerSent = false;
  let ringTimer: ReturnType<typeof setTimeout> | undefined;
  // Candidates of the operator before their offer (the browser refuses them until then), ours
  // before our answer left (the operator cannot use them before it).
  const inbound: Candidate[] = [];
  const outbound: Candidate[] = [];
  // Socket messages that came while POST /calls was on its way (the id was not known yet).
  const early: (() => void)[] = [];
  // Signals are handled one after another, in the order they came.
  let signals: Promise<void> = Promise.resolve();
  const unsubscribe: (() => void)[] = [];

  const isLive = () => LIVE_PHASES.includes(state.phase);
  const set = (change: Partial<CallState>) => {
    state = { ...state, ...change };
    if (!disposed) onChange(state);
  };

  const hangUpOnServer = (id: string) => {
    // Worth retrying: otherwise the operator's console shows a call nobody is on.
    withRetry((signal) => api.endCall(id, signal), options.retryDelaysMs).catch(() => undefined);
  };

  /** Camera light off, connection closed, nothing more handled. */
  const release = () => {
    clearTimeout(ringTimer);
    for (const stop of unsubscribe.splice(0)) stop();
    if (peer) {
      peer.onicecandidate = null;
      peer.ontrack = null;
      peer.onconnectionstatechange = null;
      try {
        peer.close();
      } catch {
        // Already closed.
      }
      peer = null;
    }
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  };

  const finish = (phase: CallPhase, { tellServer }: { tellServer: boolean }) => {
    if (!isLive()) return;
    if (tellServer && callId) hangUpOnServer(callId);
    release();
    set({ phase, local: null, remote: null });
  };

  const send = (signal: Omit<CallSignal, 'real_session_id'>) => {
    if (callId) realtime?.emit(SOCKET.callSignal, { real_session_id: callId, ...signal });
  };

  const ensurePeer = (): PeerLike => {
    if (peer) return peer;
    const pc = (options.createPeer ?? browserPeer)({ iceServers });
    peer = pc;
    for (const track of stream?.getTracks() ?? []) pc.addTrack(track, stream!);
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      const candidate = event.candidate.toJSON() as Candidate;
      if (!candidate.candidate) return;
      if (answerSent) send({ candidate });
      else outbound.push(candidate);
    };
    pc.ontrack = (event) => {
      const remote =
        event.streams[0] ?? (typeof MediaStream === 'undefined' ? null : new MediaStream([event.track]));
      if (remote) set({ remote });
    };
    pc.onconnectionstatechange = () => {
      // "disconnected" often recovers by itself; "failed" does not.
      if (pc.connectionState === 'failed') finish('lost', { tellServer: true });
    };
    return pc;
  };

  const addCandidate = (pc: PeerLike, candidate: Candidate) =>
    pc.addIceCandidate(candidate).catch((error: unknown) => console.warn('[call] candidate refused', error));

  const handleSignal = async (signal: CallSignal) => {
    if (!isLive() || disposed) return;
    const pc = ensurePeer();
    if (signal.description?.type === 'offer') {
      await pc.setRemoteDescription({ type: 'offer', sdp: signal.description.sdp });
      for (const candidate of inbound.splice(0)) await addCandidate(pc, candidate);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      if (peer !== pc) return; // hung up meanwhile
      send({ description: { type: 'answer', sdp: answer.sdp ?? '' } });
      answerSent = true;
      for (const candidate of outbound.splice(0)) send({ candidate });
    }
    if (signal.candidate) {
      if (pc.remoteDescription) await addCandidate(pc, signal.candidate);
      else inbound.push(signal.candidate);
    }
  };

  const onSignal = (signal: CallSignal) => {
    if (!signal) return;
    if (!callId) return void early.push(() => onSignal(signal));
    if (signal.real_session_id !== callId) return;
    signals = signals
      .then(() => handleSignal(signal))
      .catch((error: unknown) => {
        console.warn('[call] signalling failed', error);
        finish('lost', { tellServer: true });
      });
  };

  const onUpdate = (update: CallUpdate) => {
    if (!update) return;
    if (!callId) return void early.push(() => onUpdate(update));
    if (update.real_session_id !== callId) return;
    if (update.status === 'answered' && (state.phase === 'ringing' || state.phase === 'starting')) {
      clearTimeout(ringTimer);
      ensurePeer();
      set({ phase: 'connected' });
    } else if (update.status === 'missed') {
      finish('missed', { tellServer: false });
    } else if (update.status === 'ended') {
      finish('ended', { tellServer: false });
    }
  };

  async function run() {
    const media = options.mediaDevices ?? globalThis.navigator?.mediaDevices;
    // Without a secure origin (https or localhost) browsers offer no camera at all.
    if (!media?.getUserMedia) return set({ phase: 'no-media' });
    let local: MediaStream;
    try {
      local = await media.getUserMedia({ audio: true, video: true });
    } catch (error) {
      console.warn('[call] no camera or microphone', error);
      if (!disposed) set({ phase: 'no-media' });
      return;
    }
    if (disposed || state.phase !== 'camera') {
      for (const track of local.getTracks()) track.stop();
      return;
    }
    stream = local;
    // Without the socket no answer or signal could reach the kiosk: say so rather than ring.
    if (!realtime?.connected) return finish('failed', { tellServer: false });
    unsubscribe.push(realtime.on<CallUpdate>(SOCKET.callUpdate, onUpdate));
    unsubscribe.push(realtime.on<CallSignal>(SOCKET.callSignal, onSignal));
    set({ phase: 'starting', local });

    let started: StartCallResponse;
    try {
      started = await api.startCall(language);
    } catch (error) {
      console.warn('[call] could not start', error);
      return finish('failed', { tellServer: false });
    }
    if (started.status === 'offline') {
      release();
      return set({ phase: 'offline', offlineText: started.offline_response, local: null });
    }
    callId = started.call.real_session_id;
    iceServers = started.ice_servers;
    if (disposed || !isLive()) {
      // The visitor left while it was being placed.
      hangUpOnServer(callId);
      return;
    }
    set({ phase: 'ringing' });
    ringTimer = setTimeout(
      () => finish('missed', { tellServer: true }),
      started.ring_seconds * 1000 + options.ringGraceMs,
    );
    for (const replay of early.splice(0)) replay();
  }
  void run();

  return {
    /** Cancel while it rings, hang up once connected. */
    hangUp() {
      finish(state.phase === 'connected' ? 'ended' : 'cancelled', { tellServer: true });
    },
    /** The view is going away: end what is still going, quietly. */
    dispose() {
      if (disposed) return;
      if (isLive() && callId) hangUpOnServer(callId);
      disposed = true;
      release();
    },
  };
}

export type CallSession = ReturnType<typeof startCallSession>;
