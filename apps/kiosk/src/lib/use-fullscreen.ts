import { useCallback, useEffect, useState } from 'react';

/** Whether the page fills the screen, and a toggle (hidden where the browser cannot do it). */
export function useFullscreen() {
  const [active, setActive] = useState(() => document.fullscreenElement != null);
  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement != null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = useCallback(() => {
    // Refusals (no user gesture, kiosk policy) leave the page as it is.
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);
  const supported = document.fullscreenEnabled === true;
  return { supported, active, toggle };
}
