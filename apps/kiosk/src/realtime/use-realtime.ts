import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Realtime } from './realtime-client';

const noSubscription = () => () => undefined;

/** Whether the device socket is connected now (false without one). */
export function useRealtimeConnected(realtime: Realtime | null): boolean {
  return useSyncExternalStore(realtime?.subscribe ?? noSubscription, () => realtime?.connected ?? false);
}

/** Calls the latest `handler` for each `event` from the server while the component is mounted. */
export function useRealtimeEvent<T>(realtime: Realtime | null, event: string, handler: (payload: T) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime?.on<T>(event, (payload) => latest.current(payload)), [realtime, event]);
}

/** Calls the latest `handler` on every reconnection of the socket. */
export function useRealtimeConnect(realtime: Realtime | null, handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime?.onConnect(() => latest.current()), [realtime]);
}
