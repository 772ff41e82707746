/** The console's keyboard shortcuts, as the "?" list shows them. */
export const SHORTCUTS = [
  { keys: ['Ctrl K', '⌘ K'], action: 'search' },
  { keys: ['/'], action: 'search_outside_fields' },
  { keys: ['↑', '↓', 'Enter'], action: 'choose' },
  { keys: ['?'], action: 'list' },
  { keys: ['Esc'], action: 'close' },
] as const;
