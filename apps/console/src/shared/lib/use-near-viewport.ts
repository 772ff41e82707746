import { useCallback, useState } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and stays true from then on). A
 * part below the fold (the dashboard's chart on a phone) is drawn when the operator scrolls towards
 * it rather than while the page is starting, when its work would block the first taps. Without
 * IntersectionObserver it is true at once.
 *
 * Returns a callback ref for the element (which may mount after the hook's first render) and the
 * answer. The ref watches the element itself (React 19 calls its cleanup when the element goes):
 * keeping the element in state would set state inside the commit that mounts it, a synchronous
 * render that pulls the screen's passive effects into that commit's task (issue 20).
 */
export function useNearViewport(
  margin = '100px',
): [(element: Element | null) => void | (() => void), boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: Element | null) => {
      if (near || !element) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, margin],
  );
  return [ref, near];
}
