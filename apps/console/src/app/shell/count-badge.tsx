import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A count on the corner of an icon (chats waiting for staff). Drawn here rather than with MUI's
 * Badge, which would move shared code into the login page's chunks (at their 200 KB budget).
 * The number is hidden from screen readers: the element it sits on says it in words. It is drawn
 * as generated content, not text, so the link's visible text stays its label alone (WCAG 2.5.3,
 * label in name: the name "Live Chat (Chats waiting: 1)" holds the visible "Live Chat").
 */
export function CountBadge({
  count,
  testId,
  children,
}: {
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
      {children}
      {count > 0 && (
        <Box
          component="span"
          aria-hidden
          data-testid={testId}
          data-count={count > 99 ? '99+' : String(count)}
          sx={{
            '&::after': { content: 'attr(data-count)' },
            position: 'absolute',
            top: -6,
            right: -9,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: 'error.main',
            color: 'error.contrastText',
            fontSize: 11,
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
            boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
          }}
        />
      )}
    </Box>
  );
}
