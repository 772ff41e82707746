import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Selection } from '@/shared/lib/use-selection';

export type BulkBarProps = {
  selection: Selection<string | number> | Selection<number> | Selection<string>;
  /** Rows matching the list's filter, on every page. */
  total: number;
  /** Whether every row of the page shown is picked: then "select all matching" is offered. */
  pageSelected: boolean;
  /** The actions' buttons (already translated). */
  children: ReactNode;
  testId: string;
};

/**
 * Above a table while rows are picked: how many, "select all N matching" (Gmail's way across pages),
 * the bulk actions, and clearing the selection. Hidden while nothing is picked.
 */
export function BulkBar({ selection, total, pageSelected, children, testId }: BulkBarProps) {
  const { t } = useTranslation();
  const count = selection.count(total);
  if (count === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('bulk.actions')}
      data-testid={testId}
      sx={{
        mb: 1,
        px: 2,
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        borderColor: 'primary.main',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} aria-live="polite" data-testid={`${testId}-count`}>
        {selection.all ? t('bulk.all_selected', { count }) : t('bulk.selected', { count })}
      </Typography>
      {!selection.all && pageSelected && total > count && (
        <Button size="small" onClick={() => selection.selectAll()} data-testid={`${testId}-select-all`}>
          {t('bulk.select_all', { count: total })}
        </Button>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { sm: 'auto' } }}>
        {children}
        <Button
          size="small"
          color="inherit"
          onClick={() => selection.clear()}
          data-testid={`${testId}-clear`}
        >
          {t('bulk.clear')}
        </Button>
      </Box>
    </Paper>
  );
}
