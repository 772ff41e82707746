import { useEffect, useRef, useState } from 'react';

/**
 * What counts as the visitor still being there. Listening does not re-render anything: an
 * update inside an `input` event would fight React's controlled input and drop the keystroke.
 */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

type Options = {
  idleMs: number;
  warningMs: number;
  /** While true (an answer is on its way) the clock stands still. */
  paused: boolean;
  onTimeout: () => void;
};

/**
 * Ends an abandoned visitor session: after `idleMs − warningMs` without a touch or a key the
 * warning shows a countdown, and at `idleMs` `onTimeout` runs. Any interaction starts again.
 */
export function useIdleTimeout({ idleMs, warningMs, paused, onTimeout }: Options) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(0);
  const warning = useRef(false);
  const latest = useRef({ paused, onTimeout });
  useEffect(() => {
    latest.current = { paused, onTimeout };
  });

  useEffect(() => {
    lastActivity.current = Date.now();
    const touched = () => {
      lastActivity.current = Date.now();
      if (warning.current) {
        warning.current = false;
        setSecondsLeft(null);
      }
    };
    for (const name of ACTIVITY_EVENTS)
      document.addEventListener(name, touched, { capture: true, passive: true });
    const tick = () => {
      const now = Date.now();
      if (latest.current.paused) lastActivity.current = now;
      const left = idleMs - (now - lastActivity.current);
      if (left <= 0) {
        clearInterval(timer);
        warning.current = false;
        setSecondsLeft(null);
        latest.current.onTimeout();
      } else if (left <= warningMs) {
        warning.current = true;
        setSecondsLeft(Math.ceil(left / 1000));
      } else if (warning.current) {
        warning.current = false;
        setSecondsLeft(null);
      }
    };
    const timer = setInterval(tick, Math.max(50, Math.min(250, warningMs / 4)));
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, touched, { capture: true });
    };
  }, [idleMs, warningMs]);

  return {
    /** Seconds until the session ends while the warning shows; null otherwise. */
    secondsLeft,
    /** Counts as an interaction (an answer arrived, "I'm still here"). */
    reset: () => {
      lastActivity.current = Date.now();
      warning.current = false;
      setSecondsLeft(null);
    },
  };
}
