import { useCallback, useRef, useState } from 'react';

/**
 * One submission at a time: `running` disables the buttons, and since a double click lands before
 * the disabled button re-renders, a ref refuses the second click itself. `run` answers the
 * action's result, or undefined when one was already running.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  const isBusy = useCallback(() => busy.current, []);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    setRunning(true);
    try {
      return await action();
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, []);
  return { running, isBusy, run };
}
