import { useEffect } from 'react';

export type ShortcutTarget = 'search' | 'shortcuts';

/** Whether a key typed there is text, not a command (a field, an editor, a select). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return (
    tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.getAttribute('role') === 'combobox'
  );
}

/**
 * The console's keys on every screen: Ctrl+K (⌘K) opens search from anywhere; "/" opens it and "?"
 * lists the shortcuts when not typing. None of them act over an open dialog, whose own keys win.
 */
export function useGlobalShortcuts(open: (target: ShortcutTarget) => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (document.querySelector('[role="dialog"]')) return;
      const command = event.ctrlKey || event.metaKey;
      if (command && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open('search');
        return;
      }
      if (command || event.altKey || typingIn(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        open('search');
      } else if (event.key === '?') {
        event.preventDefault();
        open('shortcuts');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}
