import type { CallSignal, IceServer } from '@ambassador/contracts';
import {
  openPeerLink,
  type AnsweringPeer,
  type PeerFactory,
  type PeerLink,
  type Signal,
} from '@ambassador/webrtc';

/** The part of RTCPeerConnection a call needs (tests pass a fake). */
export type PeerLike = AnsweringPeer;

export type CallConnectionOptions = {
  createPeer: PeerFactory<PeerLike>;
  /** Read as the connection opens: they come with the placed call, the camera before it. */
  iceServers: () => IceServer[];
  stream: () => MediaStream | null;
  /** Whether the call still takes signals (live, and its view still there). */
  live: () => boolean;
  send: (signal: Signal) => void;
  onRemoteStream: (remote: MediaStream) => void;
  /** The connection failed, or a signal could not be handled. */
  onLost: () => void;
};

/**
 * A call's WebRTC connection, the kiosk's side: opened once an operator answers (or their offer
 * comes first); the operator's console makes the offer, the kiosk answers it, and both sides
 * trickle ICE candidates over the socket (the connection itself is @ambassador/webrtc's, shared
 * with the console). The operator's signals are handled one after another, in the order they came.
 */
export function callConnection(options: CallConnectionOptions) {
  let link: PeerLink<PeerLike> | null = null;
  let signals: Promise<void> = Promise.resolve();

  const open = (): PeerLink<PeerLike> => {
    if (link) return link;
    const opened = openPeerLink({
      createPeer: options.createPeer,
      iceServers: options.iceServers(),
      send: options.send,
      onRemoteStream: options.onRemoteStream,
      onConnectionState: (connection) => {
        // "disconnected" often recovers by itself; "failed" does not.
        if (connection === 'failed') options.onLost();
      },
      onCandidateRefused: (error) => console.warn('[call] candidate refused', error),
    });
    link = opened;
    opened.addTracks(options.stream());
    return opened;
  };

  const handle = async (signal: CallSignal) => {
    if (!options.live()) return;
    const current = open();
    const pc = current.peer;
    if (signal.description?.type === 'offer') {
      await pc.setRemoteDescription({ type: 'offer', sdp: signal.description.sdp });
      // The operator's candidates that came before the offer.
      await current.remoteDescriptionSet();
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      if (link !== current) return; // hung up meanwhile
      // Our candidates gathered meanwhile follow the answer.
      current.sendDescription({ type: 'answer', sdp: answer.sdp ?? '' });
    }
    if (signal.candidate) await current.addRemoteCandidate(signal.candidate);
  };

  return {
    /** Opens the connection (once): the camera's tracks added, ready for the offer. */
    open,
    /** Handles one of this call's signals after those before it. */
    signal(signal: CallSignal) {
      signals = signals
        .then(() => handle(signal))
        .catch((error: unknown) => {
          console.warn('[call] signalling failed', error);
          options.onLost();
        });
    },
    /** Closes the connection; nothing more is handled on it. */
    close() {
      // A close that throws (closed already) is not worth telling.
      link?.close();
      link = null;
    },
  };
}
