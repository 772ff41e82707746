import { useEffect, useState } from 'react';

/**
 * The time now, updated every `intervalMs` while `running` (a call's running duration). Between
 * runs it keeps the last value; the first tick of a new run comes within `intervalMs`.
 */
export function useNow(running: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running, intervalMs]);
  return now;
}
