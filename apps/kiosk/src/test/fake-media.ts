import { vi } from 'vitest';

/** Test support only: camera and microphone tracks that remember being stopped. */
export class FakeTrack {
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
}

/** A camera and microphone behind `navigator.mediaDevices` (jsdom has none); `refuse` denies them. */
export function fakeCamera({ refuse = false }: { refuse?: boolean } = {}) {
  const tracks = [new FakeTrack('audio'), new FakeTrack('video')];
  const stream = { id: 'local-stream', getTracks: () => tracks } as unknown as MediaStream;
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => {
    if (refuse) throw new DOMException('Permission denied', 'NotAllowedError');
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { tracks, stream, getUserMedia };
}

type Description = { type: string; sdp?: string };

/** A stand-in for RTCPeerConnection that records what the kiosk does with it. */
export class FakePeer {
  connectionState = 'new';
  remoteDescription: Description | null = null;
  localDescription: Description | null = null;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { streams: readonly MediaStream[]; track: MediaStreamTrack }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  readonly tracks: FakeTrack[] = [];
  /** Remote candidates handed to the browser, in order. */
  readonly candidates: RTCIceCandidateInit[] = [];
  closed = false;

  constructor(readonly config: { iceServers?: unknown[] }) {}

  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
  async setRemoteDescription(description: Description) {
    this.remoteDescription = description;
  }
  async createAnswer(): Promise<Description> {
    return { type: 'answer', sdp: 'v=0 kiosk-answer' };
  }
  async setLocalDescription(description: Description) {
    this.localDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription) throw new Error('InvalidStateError: no remote description');
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }

  /** The browser found a local candidate. */
  gather(candidate: string) {
    this.onicecandidate?.({
      candidate: { toJSON: () => ({ candidate, sdpMid: '0', sdpMLineIndex: 0 }) },
    });
  }
  /** The operator's media arrived. */
  remoteStream(stream: MediaStream) {
    this.ontrack?.({ streams: [stream], track: {} as MediaStreamTrack });
  }
  /** ICE gave up. */
  fail() {
    this.connectionState = 'failed';
    this.onconnectionstatechange?.();
  }
}

/** Installs FakePeer as the browser's RTCPeerConnection; returns every peer made. */
export function fakePeers() {
  const peers: FakePeer[] = [];
  class Peer extends FakePeer {
    constructor(config: { iceServers?: unknown[] }) {
      super(config);
      peers.push(this);
    }
  }
  vi.stubGlobal('RTCPeerConnection', Peer);
  return peers;
}
