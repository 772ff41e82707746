import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SectionError } from './section-error';

export type StatCardProps = {
  title: string;
  icon: ReactNode;
  /** undefined while the first figure loads. */
  value: string | undefined;
  hint?: ReactNode;
  /** A newer figure is on its way: the old one is shown dimmed. */
  stale?: boolean;
  error?: string | null;
  onRetry?: () => void;
  testId: string;
};

/**
 * One headline figure of the dashboard, with its loading and error states. Memoised: each of the
 * dashboard's four queries re-renders the page when it answers, and only its own card need follow.
 */
export const StatCard = memo(function StatCard({
  title,
  icon,
  value,
  hint,
  stale = false,
  error,
  onRetry,
  testId,
}: StatCardProps) {
  return (
    <Card data-testid={testId} aria-busy={value === undefined || stale}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 36,
              height: 36,
              borderRadius: 2,
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            {icon}
          </Box>
          <Typography color="text.secondary" sx={{ fontWeight: 500, fontSize: 14 }}>
            {title}
          </Typography>
        </Box>
        {error && value === undefined ? (
          <SectionError message={error} onRetry={onRetry} dense />
        ) : value === undefined ? (
          <>
            <Skeleton width="45%" height={44} />
            <Skeleton width="70%" />
          </>
        ) : (
          <Box sx={{ opacity: stale ? 0.55 : 1, transition: 'opacity 150ms' }}>
            {/* A figure, not a heading: a <div>, so it is not read as a styled heading. */}
            <Typography
              component="div"
              sx={{ fontSize: '2rem', fontWeight: 600, lineHeight: 1.3, fontVariantNumeric: 'tabular-nums' }}
              data-testid={`${testId}-value`}
            >
              {value}
            </Typography>
            {hint && (
              <Typography variant="body2" color="text.secondary" data-testid={`${testId}-hint`}>
                {hint}
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
});
