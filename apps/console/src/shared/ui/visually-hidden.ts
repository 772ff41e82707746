/**
 * Styles that hide an element from sight but not from screen readers (live regions, extra labels).
 * Sizes are strings: in `sx` a bare 1 means 100 %, which made the hidden box as large as the page
 * and gave the page scroll bars.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
