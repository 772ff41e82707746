import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves the keyboard focus to the screen's main heading (or to <main> itself) when the path
 * changes, so that after sign-in or a click in the navigation a keyboard or screen-reader user
 * starts at the new content rather than on the body. Screens load lazily: if the heading is not
 * there yet, it is focused as soon as it appears.
 *
 * The screen the browser loaded (`pageLoad` at mount: not a navigation in the app such as
 * sign-in) keeps the browser's own start at the top of the document, where "Skip to content" comes
 * first: nothing moved there to announce, and focusing would lay the whole new screen out once more
 * on a phone (issue 20). Any later change of path moves the focus, back to that path included.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>, pathname: string, pageLoad = false) {
  // Only the value at mount counts: the path the browser loaded, if it did.
  const unmoved = useRef(pageLoad ? pathname : null);
  useEffect(() => {
    const root = main.current;
    if (!root) return;
    if (unmoved.current === pathname) return;
    unmoved.current = null;
    let frame = 0;
    const tryFocus = () => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      // Focused at the next frame, not in the commit that drew the screen: focusing forces the
      // browser to lay the new screen out there and then, a blocking task of ~250 ms on a
      // phone (issue 20); at the frame it is laid out anyway.
      frame = requestAnimationFrame(() => {
        if (heading.isConnected) focusTarget(heading);
      });
      return true;
    };
    if (tryFocus()) return () => cancelAnimationFrame(frame);
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [main, pathname]);
}

/** Focuses the main heading, or else the main landmark (the skip link's target). */
export function focusMainContent(main: HTMLElement | null) {
  if (!main) return;
  focusTarget(main.querySelector<HTMLElement>('h1') ?? main);
}

function focusTarget(element: HTMLElement) {
  // A heading is not focusable by Tab; -1 lets it take the focus from code only.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: false });
}
