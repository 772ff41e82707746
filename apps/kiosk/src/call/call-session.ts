import type { CallSignal, CallUpdate, IceServer, Language, StartCallResponse } from '@ambassador/contracts';
import { browserPeer, type PeerFactory, type Signal } from '@ambassador/webrtc';
import type { DeviceApi } from '../api/device-api';
import { withRetry } from '../lib/with-retry';
import { SOCKET, type Realtime } from '../realtime/realtime-client';
import { callConnection, type PeerLike } from './call-connection';

export type { PeerLike } from './call-connection';

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

export type CallOptions = {
  api: Pick<DeviceApi, 'startCall' | 'endCall'>;
  realtime: Pick<Realtime, 'on' | 'emit' | 'connected' | 'onConnect'> | null;
  language: Language;
  retryDelaysMs: readonly number[];
  /** Extra wait after the ring time before giving up when the server's "missed" never arrives. */
  ringGraceMs: number;
  onChange: (state: CallState) => void;
  /** Defaults to the browser's; tests pass fakes. */
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'>;
  createPeer?: PeerFactory<PeerLike>;
  /** How long a call waits for a socket that is reconnecting (after a server restart: 1–5 s). */
  socketWaitMs?: number;
};

/** Whether the socket is up, or comes back within `ms`. */
function socketUp(realtime: NonNullable<CallOptions['realtime']>, ms: number): Promise<boolean> {
  if (realtime.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(false);
    }, ms);
    const off = realtime.onConnect(() => {
      clearTimeout(timer);
      off();
      resolve(true);
    });
  });
}

/** The camera and microphone, or null when the browser gave none (refused, or none there). */
async function openCamera(media: Pick<MediaDevices, 'getUserMedia'>): Promise<MediaStream | null> {
  try {
    return await media.getUserMedia({ audio: true, video: true });
  } catch (error) {
    console.warn('[call] no camera or microphone', error);
    return null;
  }
}

/**
 * One video call from the kiosk. The camera comes first (so the visitor sees themselves and a
 * refused camera never rings anyone), then the call rings; once an operator answers, the call's
 * connection (callConnection) carries it.
 * `dispose` (the view went away) hangs up whatever is still going.
 */
export function startCallSession(options: CallOptions) {
  const { api, realtime, language, onChange } = options;
  let state: CallState = INITIAL_CALL_STATE;
  let disposed = false;
  let callId: string | null = null;
  let iceServers: IceServer[] = [];
  let stream: MediaStream | null = null;
  let ringTimer: ReturnType<typeof setTimeout> | undefined;
  // Socket messages that came while POST /calls was on its way (the id was not known yet).
  const early: (() => void)[] = [];
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

  const connection = callConnection({
    createPeer: options.createPeer ?? browserPeer,
    iceServers: () => iceServers,
    stream: () => stream,
    live: () => isLive() && !disposed,
    send: (signal: Signal) => {
      if (callId) realtime?.emit(SOCKET.callSignal, { real_session_id: callId, ...signal });
    },
    onRemoteStream: (remote) => set({ remote }),
    onLost: () => finish('lost', { tellServer: true }),
  });

  /** Camera light off, connection closed, nothing more handled. */
  const release = () => {
    clearTimeout(ringTimer);
    for (const stop of unsubscribe.splice(0)) stop();
    connection.close();
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  };

  const finish = (phase: CallPhase, { tellServer }: { tellServer: boolean }) => {
    if (!isLive()) return;
    if (tellServer && callId) hangUpOnServer(callId);
    release();
    set({ phase, local: null, remote: null });
  };

  const onSignal = (signal: CallSignal) => {
    if (!signal) return;
    if (!callId) return void early.push(() => onSignal(signal));
    if (signal.real_session_id !== callId) return;
    connection.signal(signal);
  };

  const onUpdate = (update: CallUpdate) => {
    if (!update) return;
    if (!callId) return void early.push(() => onUpdate(update));
    if (update.real_session_id !== callId) return;
    if (update.status === 'answered' && (state.phase === 'ringing' || state.phase === 'starting')) {
      clearTimeout(ringTimer);
      connection.open();
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
    const local = await openCamera(media);
    if (!local) {
      if (!disposed) set({ phase: 'no-media' });
      return;
    }
    // The visitor left while the camera or the socket was awaited: the camera goes off, nothing rings.
    const left = () => {
      if (!disposed && state.phase === 'camera') return false;
      for (const track of local.getTracks()) track.stop();
      return true;
    };
    if (left()) return;
    stream = local;
    // Without the socket no answer or signal could reach the kiosk: say so rather than ring —
    // unless it is only reconnecting (the server restarted), then the call waits for it.
    if (!realtime || !(await socketUp(realtime, options.socketWaitMs ?? 10_000))) {
      return finish('failed', { tellServer: false });
    }
    if (left()) return;
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
