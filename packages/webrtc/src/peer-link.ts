import type { CallSignal, IceServer } from '@ambassador/contracts';

/**
 * The WebRTC connection of a video call, one implementation for both browsers: the
 * operator's console makes the offer once the call is answered, the kiosk answers it, and both
 * trickle ICE candidates, relayed by the server as `call:signal`. What is the same on both sides
 * lives here: the connection made with the call's ICE servers, the local tracks added, candidates
 * kept until the other side can use them (ours until our description has left, theirs until their
 * description is set), the remote media handed over, and the close. Who offers and who answers,
 * and what a state means to the screen, stay with each side. The browser APIs come in as
 * parameters, so the order of things can be tested with small fakes.
 */

/** An ICE candidate as `call:signal` carries it. */
export type Candidate = NonNullable<CallSignal['candidate']>;
/** An offer or an answer as `call:signal` carries it. */
export type Description = NonNullable<CallSignal['description']>;
/** A signal of the call without its id: the side that sends it adds the call's. */
export type Signal = Omit<CallSignal, 'real_session_id'>;

/** The part of RTCPeerConnection both sides need. */
export type PeerLike = {
  readonly connectionState: string;
  readonly remoteDescription: unknown;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null;
  ontrack: ((event: { streams: readonly MediaStream[]; track: MediaStreamTrack }) => void) | null;
  onconnectionstatechange: (() => void) | null;
  addTrack(track: MediaStreamTrack, stream: MediaStream): unknown;
  setLocalDescription(description: { type: string; sdp?: string }): Promise<void>;
  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  close(): void;
};

/** What the offering side (the operator's console) needs besides. */
export type OfferingPeer = PeerLike & {
  addTransceiver(kind: 'audio' | 'video', init: { direction: 'recvonly' }): unknown;
  createOffer(): Promise<{ type: string; sdp?: string }>;
  setRemoteDescription(description: { type: 'answer'; sdp: string }): Promise<void>;
};

/** What the answering side (the kiosk) needs besides. */
export type AnsweringPeer = PeerLike & {
  setRemoteDescription(description: { type: 'offer'; sdp: string }): Promise<void>;
  createAnswer(): Promise<{ type: string; sdp?: string }>;
};

export type PeerConfig = { iceServers: IceServer[] };
export type PeerFactory<P extends PeerLike> = (config: PeerConfig) => P;

/** The browser's RTCPeerConnection, seen through the parts a call uses. */
export function browserPeer(config: PeerConfig): OfferingPeer & AnsweringPeer {
  return new RTCPeerConnection(config) as unknown as OfferingPeer & AnsweringPeer;
}

export type PeerLinkOptions<P extends PeerLike> = {
  createPeer: PeerFactory<P>;
  /** The call's STUN/TURN servers, as the server handed them out. */
  iceServers: IceServer[];
  /** Sends one of our signals to the other side. */
  send: (signal: Signal) => void;
  /** The other side's media arrived. */
  onRemoteStream: (stream: MediaStream) => void;
  /** The connection's state changed (RTCPeerConnection.connectionState). */
  onConnectionState: (state: string) => void;
  /** The browser refused a candidate of the other side: worth a log line, the call goes on. */
  onCandidateRefused: (error: unknown) => void;
  /** Closing the connection threw (it was closed already); ignored unless given. */
  onCloseFailed?: (error: unknown) => void;
};

export type PeerLink<P extends PeerLike> = {
  readonly peer: P;
  /** Closed: nothing of the connection is handled any more. */
  readonly closed: boolean;
  /** The other side's description is set: their candidates are applied as they come. */
  readonly remoteReady: boolean;
  /** Sends the tracks of the local stream (camera, microphone); returns them. */
  addTracks(stream: MediaStream | null): MediaStreamTrack[];
  /** Sends our offer or answer; the candidates gathered before it follow it, later ones go at once. */
  sendDescription(description: Description): void;
  /** The other side's description is set: their candidates kept until now are applied, in order. */
  remoteDescriptionSet(): Promise<void>;
  /** A candidate of the other side: applied now if their description is set, else kept for then. */
  addRemoteCandidate(candidate: Candidate): Promise<void>;
  /** Stops handling the connection and closes it. The local tracks are the caller's. Safe twice. */
  close(): void;
};

/** Makes the connection of a call and handles what both sides do the same way. */
export function openPeerLink<P extends PeerLike>(options: PeerLinkOptions<P>): PeerLink<P> {
  const { send } = options;
  const pc = options.createPeer({ iceServers: options.iceServers });

  let closed = false;
  let descriptionSent = false;
  let remoteReady = false;
  // Candidates of the other side that came before their description: the browser refuses them until then.
  const inbound: Candidate[] = [];
  // Our candidates gathered before our description left: the other side cannot use them before it.
  const outbound: Candidate[] = [];

  const apply = (candidate: Candidate) =>
    pc.addIceCandidate(candidate).catch((error: unknown) => options.onCandidateRefused(error));

  pc.onicecandidate = (event) => {
    if (closed || !event.candidate) return;
    const candidate = event.candidate.toJSON() as Candidate;
    if (!candidate.candidate) return;
    if (descriptionSent) send({ candidate });
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
    options.onConnectionState(pc.connectionState);
  };

  return {
    peer: pc,
    get closed() {
      return closed;
    },
    get remoteReady() {
      return remoteReady;
    },
    addTracks(stream) {
      const tracks = stream?.getTracks() ?? [];
      for (const track of tracks) pc.addTrack(track, stream!);
      return tracks;
    },
    sendDescription(description) {
      send({ description });
      descriptionSent = true;
      for (const candidate of outbound.splice(0)) send({ candidate });
    },
    async remoteDescriptionSet() {
      remoteReady = true;
      for (const candidate of inbound.splice(0)) await apply(candidate);
    },
    async addRemoteCandidate(candidate) {
      if (remoteReady) await apply(candidate);
      else inbound.push(candidate);
    },
    close() {
      if (closed) return;
      closed = true;
      pc.onicecandidate = null;
      pc.ontrack = null;
      pc.onconnectionstatechange = null;
      try {
        pc.close();
      } catch (error) {
        options.onCloseFailed?.(error);
      }
    },
  };
}
