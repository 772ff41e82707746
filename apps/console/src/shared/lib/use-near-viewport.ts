import { useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and stays true from then on). A
 * part below the fold (the dashboard's chart on a phone) is drawn when the operator scrolls towards
 * it rather than while the page is starting, when its work would block the first taps. Without
 * IntersectionObserver it is true at once.
 *
 * Returns a callback ref for the element (which may mount after the hook's first render) and the
 * answer.
 */
export function useNearViewport(margin = '100px'): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return [setElement, near];
}
