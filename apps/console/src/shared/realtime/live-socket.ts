import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { ADMIN_PANEL_PROJECT, REALTIME_PATH, SOCKET } from '@ambassador/contracts';
import { ApiError } from '@/shared/api/api-error';
import { authStore, isLoggedIn } from '@/shared/auth/auth-store';
import { getDevices } from '@/shared/auth/get-devices';
import { yieldToBrowser } from '@/shared/lib/yield-to-browser';

/**
 * The live notification socket. While signed in, one socket.io connection to
 * `/realtime`, authenticated in the handshake (never the URL), subscribed with the fixed
 * admin-panel project identifier, this tab's client id and the username. `event` messages go to
 * the handlers registered for their name; unknown names are only logged. Connected and
 * connection-error flags are kept; connection errors are only logged. When the server closes the
 * socket (it restarts, or the session was revoked) the session is asked after: still valid, the
 * socket connects again; ended, the 401 signs the operator out.
 *
 * socket.io-client is imported on demand, so the login page does not carry it.
 */

export type LiveEventMessage = { name: string } & Record<string, unknown>;
type Handler = (event: LiveEventMessage) => void;

export type LiveStatus = {
  connected: boolean;
  connectionError: boolean;
  /** It was connected and is not now: calls and changes do not arrive until it is back. */
  lost: boolean;
};

/** One id per tab (and per page load): signalling for a call goes to the tab that answered. */
export const CLIENT_ID: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `c-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = { connected: false, connectionError: false, lost: false };
let socket: Socket | null = null;
let connecting: Promise<Socket | null> | null = null;
let connectedToken = '';

function setStatus(next: Partial<LiveStatus>) {
  status = { ...status, ...next };
  for (const listener of statusListeners) listener();
}

/**
 * Events that came before any handler of their name: the socket may connect (and the server
 * replay a ringing call) before the lazily loaded banner or screen has registered. They are kept
 * this long for a handler that registers late, then dropped.
 */
const EARLY_EVENT_MS = 10_000;
const early: Array<{ event: LiveEventMessage; at: number }> = [];

/** Hand an `event` message to its handlers; names nobody handles are only logged. */
export function dispatchLiveEvent(event: LiveEventMessage): void {
  const set = handlers.get(event.name);
  if (!set || set.size === 0) {
    console.info('[realtime] unhandled event', event.name);
    const now = Date.now();
    while (early.length > 0 && now - early[0]!.at > EARLY_EVENT_MS) early.shift();
    early.push({ event, at: now });
    return;
  }
  for (const handler of set) {
    try {
      handler(event);
    } catch (err) {
      console.error('[realtime] event handler failed', event.name, err);
    }
  }
}

/** Registers a handler for `event` messages with this name; returns the unsubscribe. */
export function onLiveEvent(name: string, handler: Handler): () => void {
  const set = handlers.get(name) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(name, set);
  // Hand over what came early, in order, and only once.
  const now = Date.now();
  const mine = early.filter((e) => e.event.name === name && now - e.at <= EARLY_EVENT_MS);
  for (let i = early.length - 1; i >= 0; i--) if (early[i]!.event.name === name) early.splice(i, 1);
  for (const { event } of mine) dispatchLiveEvent(event);
  return () => set.delete(handler);
}

/** The current socket, once connected (signalling uses it directly). */
export function liveSocket(): Socket | null {
  return socket;
}

/** Whether the session that asked for a connection is still the one signed in. */
function stillSignedIn(token: string): boolean {
  const now = authStore.get();
  return isLoggedIn(now) && now.access_token === token;
}

/** Connects for the signed-in user; a no-op when already connected with the same token. */
export async function connectLive(): Promise<Socket | null> {
  const auth = authStore.get();
  if (!isLoggedIn(auth) || auth.auth_project_id === null) return null;
  if (socket && connectedToken === auth.access_token) return socket;
  if (connecting) {
    // The session may change while the library loads (signed out, or in as someone else): once
    // that attempt ends, connect for whoever is signed in then.
    await connecting.catch(() => null);
    return connectLive();
  }
  disconnectLive();
  const username = auth.user_info?.username ?? '';
  connecting = import('socket.io-client').then(async ({ io }) => {
    // The library's code runs as it arrives; the connection opens in a task after it, not in the
    // same one (two shorter tasks while the first screen is drawn on a phone: issue 20).
    await yieldToBrowser();
    // Signed out while it loaded: no socket with a token that is no longer the session's.
    if (!stillSignedIn(auth.access_token)) return null;
    const next = io({
      path: REALTIME_PATH,
      // Credentials travel in the handshake body, never in the URL (logs, proxies).
      auth: { token: auth.access_token, project_id: auth.auth_project_id, client_id: CLIENT_ID, username },
      transports: ['websocket', 'polling'],
    });
    next.on('connect', () => {
      setStatus({ connected: true, connectionError: false, lost: false });
      next.emit(SOCKET.subscribe, { project: ADMIN_PANEL_PROJECT, client_id: CLIENT_ID, username });
    });
    next.on('disconnect', (reason) => {
      setStatus({ connected: false, lost: true });
      // The library reconnects by itself from every other cause; from this one only when told.
      if (reason === 'io server disconnect') {
        console.info('[realtime] closed by the server');
        void resumeAfterServerClose(next, auth.access_token, auth.auth_project_id!);
      }
    });
    next.on('connect_error', (err) => {
      setStatus({ connected: false, connectionError: true });
      console.warn('[realtime] connection error', err.message);
    });
    next.on(SOCKET.event, (event: unknown) => {
      if (event && typeof event === 'object' && typeof (event as { name?: unknown }).name === 'string') {
        dispatchLiveEvent(event as LiveEventMessage);
      } else {
        console.info('[realtime] malformed event ignored', event);
      }
    });
    socket = next;
    connectedToken = auth.access_token;
    return next;
  });
  try {
    return await connecting;
  } finally {
    connecting = null;
  }
}

/** The waits between asking after the session while the server is away: 0.5 s doubling to 30 s. */
export const RESUME_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * The server closed `closed`: a restart (the session is still valid: connect again) or a revoked
 * session (the check answers 401, which signs out, and the socket is dropped with it). While the
 * server cannot be reached the check is tried again, ever more slowly, for as long as this socket
 * is the session's.
 */
async function resumeAfterServerClose(closed: Socket, token: string, projectId: number) {
  const current = () => socket === closed && stillSignedIn(token);
  for (let attempt = 0; current(); attempt++) {
    setStatus({ connectionError: true });
    const delay = RESUME_DELAYS_MS[Math.min(attempt, RESUME_DELAYS_MS.length - 1)]!;
    await new Promise((resolve) => setTimeout(resolve, delay * (0.8 + Math.random() * 0.4)));
    if (!current()) return;
    try {
      await getDevices(projectId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      continue;
    }
    if (current()) closed.connect();
    return;
  }
}

/** Closes the socket (logout, token change). */
export function disconnectLive(): void {
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
  }
  socket = null;
  connectedToken = '';
  early.length = 0;
  setStatus({ connected: false, connectionError: false, lost: false });
}

/** Keeps the socket in step with the session: connect on sign-in, disconnect on sign-out. */
export function startLiveSession(): () => void {
  const sync = () => {
    const auth = authStore.get();
    if (!isLoggedIn(auth)) disconnectLive();
    else if (auth.access_token !== connectedToken) void connectLive();
  };
  sync();
  const unsubscribe = authStore.subscribe(sync);
  return () => {
    unsubscribe();
    disconnectLive();
  };
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => status,
  );
}

/** Runs `handler` for every `event` message named `name` while the component is mounted. */
export function useLiveEvent(name: string, handler: Handler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onLiveEvent(name, (event) => latest.current(event)), [name]);
}
