import type { LocalMedia } from './operator-peer';

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
