import { useEffect, useRef } from 'react';
import { ACTIVITY_EVENTS } from './use-idle-timeout';

/**
 * Calls `onInactive` once after `ms` without a touch or a key, counted from when it is switched
 * on (`ms` not null) and again from every interaction. Null switches it off.
 */
export function useInactivity(ms: number | null, onInactive: () => void) {
  const latest = useRef(onInactive);
  useEffect(() => {
    latest.current = onInactive;
  });

  useEffect(() => {
    if (ms === null) return;
    let timer = setTimeout(() => latest.current(), ms);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), ms);
    };
    for (const name of ACTIVITY_EVENTS)
      document.addEventListener(name, touched, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, touched, { capture: true });
    };
  }, [ms]);
}
