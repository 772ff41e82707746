import { describe, expect, it, vi } from 'vitest';
import { SOCKET, type CallSignal } from '@ambassador/contracts';
import {
  getLocalMedia,
  startOperatorPeer,
  type PeerLike,
  type PeerState,
  type SignalSocket,
} from './operator-peer';

const CALL = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** Records what the code did to the peer connection, in order. */
class FakePeer implements PeerLike {
  log: string[] = [];
  connectionState = 'new';
  remoteDescription: unknown = null;
  onicecandidate: PeerLike['onicecandidate'] = null;
  ontrack: PeerLike['ontrack'] = null;
  onconnectionstatechange: (() => void) | null = null;
  added: RTCIceCandidateInit[] = [];
  closed = false;
  /** Resolves setRemoteDescription when the test says so. */
  releaseAnswer: () => void = () => undefined;
  holdAnswer = false;

  constructor(readonly config: unknown) {}

  addTrack(track: MediaStreamTrack) {
    this.log.push(`addTrack:${track.kind}`);
  }
  addTransceiver(kind: string, init: { direction: string }) {
    this.log.push(`addTransceiver:${kind}:${init.direction}`);
  }
  async createOffer() {
    this.log.push('createOffer');
    return { type: 'offer', sdp: 'v=0 offer' };
  }
  async setLocalDescription(description: { type: string }) {
    this.log.push(`setLocalDescription:${description.type}`);
  }
  setRemoteDescription(description: { type: string; sdp: string }) {
    this.log.push(`setRemoteDescription:${description.type}`);
    return new Promise<void>((resolve) => {
      const done = () => {
        this.remoteDescription = description;
        resolve();
      };
      if (this.holdAnswer) this.releaseAnswer = done;
      else done();
    });
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.log.push(`addIceCandidate:${candidate.candidate}`);
    this.added.push(candidate);
  }
  close() {
    this.log.push('close');
    this.closed = true;
  }
  /** The browser found a local candidate. */
  gather(candidate: string) {
    this.onicecandidate?.({ candidate: { toJSON: () => ({ candidate, sdpMid: '0', sdpMLineIndex: 0 }) } });
  }
  setConnection(state: string) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

/** A socket.io-like socket: `emitted` holds what the console sent, `deliver` plays the server. */
function fakeSocket() {
  const handlers = new Set<(signal: CallSignal) => void>();
  const emitted: { event: string; payload: CallSignal }[] = [];
  const socket: SignalSocket = {
    emit: (event, payload) => emitted.push({ event, payload }),
    on: (event, handler) => {
      if (event === SOCKET.callSignal) handlers.add(handler);
    },
    off: (event, handler) => {
      if (event === SOCKET.callSignal) handlers.delete(handler);
    },
  };
  return {
    socket,
    emitted,
    listeners: () => handlers.size,
    deliver: (signal: CallSignal) => {
      for (const handler of handlers) handler(signal);
    },
  };
}

function fakeTrack(kind: 'audio' | 'video') {
  return { kind, stop: vi.fn() } as unknown as MediaStreamTrack & { stop: ReturnType<typeof vi.fn> };
}

function fakeStream(...tracks: MediaStreamTrack[]) {
  return { getTracks: () => tracks } as unknown as MediaStream;
}

async function start(options: { stream?: MediaStream | null; holdAnswer?: boolean } = {}) {
  const io = fakeSocket();
  let peer: FakePeer | undefined;
  const states: PeerState[] = [];
  const remote: MediaStream[] = [];
  const warnings: string[] = [];
  const call = await startOperatorPeer({
    realSessionId: CALL,
    socket: io.socket,
    createPeer: (config) => {
      peer = new FakePeer(config);
      peer.holdAnswer = options.holdAnswer ?? false;
      return peer;
    },
    iceServers: [{ urls: 'stun:stun.example.org' }],
    localStream:
      options.stream === undefined ? fakeStream(fakeTrack('audio'), fakeTrack('video')) : options.stream,
    onRemoteStream: (stream) => remote.push(stream),
    onState: (state) => states.push(state),
    onWarning: (message) => warnings.push(message),
  });
  return { call, io, peer: peer!, states, remote, warnings };
}

describe('startOperatorPeer', () => {
  it('adds camera and microphone, then sends the offer for this call over call:signal', async () => {
    const { io, peer } = await start();
    expect(peer.config).toEqual({ iceServers: [{ urls: 'stun:stun.example.org' }] });
    expect(peer.log).toEqual([
      'addTrack:audio',
      'addTrack:video',
      'createOffer',
      'setLocalDescription:offer',
    ]);
    expect(io.emitted).toEqual([
      {
        event: SOCKET.callSignal,
        payload: { real_session_id: CALL, description: { type: 'offer', sdp: 'v=0 offer' } },
      },
    ]);
  });

  it('without a camera it still asks to receive the kiosk video; without any media, audio too', async () => {
    const audioOnly = await start({ stream: fakeStream(fakeTrack('audio')) });
    expect(audioOnly.peer.log.slice(0, 2)).toEqual(['addTrack:audio', 'addTransceiver:video:recvonly']);
    const receiveOnly = await start({ stream: null });
    expect(receiveOnly.peer.log.slice(0, 2)).toEqual([
      'addTransceiver:audio:recvonly',
      'addTransceiver:video:recvonly',
    ]);
  });

  it('trickles its own ICE candidates after the offer', async () => {
    const { io, peer } = await start();
    peer.gather('candidate:1 udp 10.0.0.2');
    peer.onicecandidate?.({ candidate: null }); // end of gathering: nothing to send
    expect(io.emitted.map((e) => e.payload)).toEqual([
      { real_session_id: CALL, description: { type: 'offer', sdp: 'v=0 offer' } },
      {
        real_session_id: CALL,
        candidate: { candidate: 'candidate:1 udp 10.0.0.2', sdpMid: '0', sdpMLineIndex: 0 },
      },
    ]);
  });

  it('queues kiosk candidates that arrive before the answer, and adds them once it is applied', async () => {
    const { io, peer } = await start({ holdAnswer: true });
    io.deliver({ real_session_id: CALL, candidate: { candidate: 'candidate:early-1' } });
    expect(peer.added).toEqual([]);

    io.deliver({ real_session_id: CALL, description: { type: 'answer', sdp: 'v=0 answer' } });
    // Still applying the answer: this one waits too.
    io.deliver({ real_session_id: CALL, candidate: { candidate: 'candidate:early-2' } });
    expect(peer.added).toEqual([]);

    peer.releaseAnswer();
    await vi.waitFor(() =>
      expect(peer.log.slice(4)).toEqual([
        'setRemoteDescription:answer',
        'addIceCandidate:candidate:early-1',
        'addIceCandidate:candidate:early-2',
      ]),
    );

    io.deliver({ real_session_id: CALL, candidate: { candidate: 'candidate:late' } });
    await vi.waitFor(() => expect(peer.added).toHaveLength(3));
    expect(peer.added.map((c) => c.candidate)).toEqual([
      'candidate:early-1',
      'candidate:early-2',
      'candidate:late',
    ]);
  });

  it('ignores signals of other calls and a repeated answer', async () => {
    const { io, peer } = await start();
    io.deliver({ real_session_id: OTHER, description: { type: 'answer', sdp: 'other' } });
    io.deliver({ real_session_id: OTHER, candidate: { candidate: 'candidate:other' } });
    io.deliver({ real_session_id: CALL, description: { type: 'answer', sdp: 'v=0 answer' } });
    await vi.waitFor(() => expect(peer.remoteDescription).toMatchObject({ sdp: 'v=0 answer' }));
    io.deliver({ real_session_id: CALL, description: { type: 'answer', sdp: 'again' } });
    // Then a candidate of this call: signals are handled in order, so once it is in, so is the rest.
    io.deliver({ real_session_id: CALL, candidate: { candidate: 'candidate:last' } });
    await vi.waitFor(() => expect(peer.added).toHaveLength(1));
    expect(peer.log.filter((entry) => entry.startsWith('setRemoteDescription'))).toHaveLength(1);
    expect(peer.added.map((c) => c.candidate)).toEqual(['candidate:last']);
  });

  it('hands the remote stream over and reports the connection state', async () => {
    const { peer, states, remote } = await start();
    const stream = fakeStream(fakeTrack('video'));
    peer.ontrack?.({ streams: [stream], track: fakeTrack('video') });
    peer.setConnection('connecting');
    peer.setConnection('connected');
    peer.setConnection('disconnected');
    peer.setConnection('failed');
    expect(remote).toEqual([stream]);
    expect(states).toEqual(['connecting', 'connecting', 'connected', 'disconnected', 'failed']);
  });

  it('close stops listening, closes the connection and turns the camera and microphone off', async () => {
    const audio = fakeTrack('audio');
    const video = fakeTrack('video');
    const { call, io, peer, states } = await start({ stream: fakeStream(audio, video) });
    expect(io.listeners()).toBe(1);
    call.close();
    call.close();
    expect(call.closed).toBe(true);
    expect(io.listeners()).toBe(0);
    expect(peer.log.filter((entry) => entry === 'close')).toHaveLength(1);
    expect(audio.stop).toHaveBeenCalledTimes(1);
    expect(video.stop).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('closed');
    // Anything arriving afterwards is ignored.
    io.deliver({ real_session_id: CALL, description: { type: 'answer', sdp: 'late' } });
    peer.gather('candidate:after-close');
    expect(peer.log.at(-1)).toBe('close');
    expect(io.emitted).toHaveLength(1);
  });

  it('cleans up and rejects when the offer cannot be made', async () => {
    const io = fakeSocket();
    const track = fakeTrack('audio');
    let peer: FakePeer | undefined;
    await expect(
      startOperatorPeer({
        realSessionId: CALL,
        socket: io.socket,
        createPeer: (config) => {
          peer = new FakePeer(config);
          peer.createOffer = () => Promise.reject(new Error('no codecs'));
          return peer;
        },
        iceServers: [],
        localStream: fakeStream(track),
        onRemoteStream: () => undefined,
        onState: () => undefined,
      }),
    ).rejects.toThrow('no codecs');
    expect(peer?.closed).toBe(true);
    expect(io.listeners()).toBe(0);
    expect(track.stop).toHaveBeenCalled();
    expect(io.emitted).toEqual([]);
  });
});

describe('getLocalMedia', () => {
  it('asks for camera and microphone first', async () => {
    const stream = fakeStream(fakeTrack('audio'), fakeTrack('video'));
    const getUserMedia = vi.fn().mockResolvedValue(stream);
    expect(await getLocalMedia({ getUserMedia })).toEqual({ stream, mode: 'audio_video' });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
  });

  it('falls back to the microphone without a camera, then to receiving only', async () => {
    const mic = fakeStream(fakeTrack('audio'));
    const noCamera = new DOMException('Requested device not found', 'NotFoundError');
    const getUserMedia = vi.fn().mockRejectedValueOnce(noCamera).mockResolvedValueOnce(mic);
    expect(await getLocalMedia({ getUserMedia })).toEqual({
      stream: mic,
      mode: 'audio_only',
      error: noCamera,
    });
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: false });

    const denied = new DOMException('Permission denied', 'NotAllowedError');
    const none = vi.fn().mockRejectedValue(denied);
    expect(await getLocalMedia({ getUserMedia: none })).toEqual({
      stream: null,
      mode: 'receive_only',
      error: denied,
    });
    expect(await getLocalMedia(undefined)).toEqual({ stream: null, mode: 'receive_only' });
  });
});
