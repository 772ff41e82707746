import { useSyncExternalStore } from 'react';
import type { CallEvent } from '@ambassador/contracts';

/**
 * The incoming-call banner's state (visible, and the call's real_session_id): hidden,
 * then shown with a session id on an incoming call; it resets on Close, and on its own when the
 * selected call on /live_video is that session or when the call stops ringing.
 *
 * Several kiosks can ring at once: the newest ringing call not yet closed is the one shown, and
 * when it goes the next one still ringing takes its place.
 */

export type IncomingCallState = {
  /** The call the banner shows; null while hidden. */
  shown: CallEvent | null;
  /** Other calls still ringing behind it. */
  waiting: number;
};

/** How long past the device's ring time a call stays on the banner if its end never arrives. */
export const RING_GRACE_MS = 5_000;

const HIDDEN: IncomingCallState = { shown: null, waiting: 0 };

/** Newest first. */
let ringing: { event: CallEvent; timer: ReturnType<typeof setTimeout> }[] = [];
let state: IncomingCallState = HIDDEN;
const listeners = new Set<() => void>();

function publish(): void {
  const [first, ...rest] = ringing;
  state = first ? { shown: first.event, waiting: rest.length } : HIDDEN;
  for (const listener of listeners) listener();
}

function remove(realSessionId: string): void {
  const gone = ringing.find((entry) => entry.event.real_session_id === realSessionId);
  if (!gone) return;
  clearTimeout(gone.timer);
  ringing = ringing.filter((entry) => entry !== gone);
  publish();
}

export const incomingCallStore = {
  get: (): IncomingCallState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A `new_call` the operator should see (same project, banner on). */
  ring(event: CallEvent): void {
    const rest = ringing.filter((entry) => entry.event.real_session_id !== event.real_session_id);
    for (const entry of ringing) if (!rest.includes(entry)) clearTimeout(entry.timer);
    // If the call's end never reaches this tab (socket down), the banner still stops ringing.
    const timer = setTimeout(
      () => remove(event.real_session_id),
      event.notification.ring_seconds * 1000 + RING_GRACE_MS,
    );
    ringing = [{ event, timer }, ...rest];
    publish();
  },
  /** Close on the banner, or the call was selected, answered, ended or missed. */
  reset(realSessionId: string): void {
    remove(realSessionId);
  },
  /** Sign-out: nothing rings for the next user. */
  clear(): void {
    for (const entry of ringing) clearTimeout(entry.timer);
    ringing = [];
    publish();
  },
};

export function useIncomingCall(): IncomingCallState {
  return useSyncExternalStore(incomingCallStore.subscribe, incomingCallStore.get, incomingCallStore.get);
}
