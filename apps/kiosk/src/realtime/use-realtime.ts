import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/**
 * What `load` reads, read again when the server says `event` changed it and after every
 * reconnection (a change made while the socket was away), or on `retry`. `failed` is true while
 * the last read failed; what was read before stays shown.
 */
export function useLiveRead<T>(
  realtime: Realtime | null,
  event: string,
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): { data: T | null; failed: boolean; retry: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const controller = new AbortController();
    latest.current(controller.signal).then(
      (loaded) => {
        setData(loaded);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the read depends on
  }, [version, ...deps]);
  const again = () => setVersion((v) => v + 1);
  useRealtimeEvent(realtime, event, again);
  useRealtimeConnect(realtime, again);
  return { data, failed, retry: again };
}
