import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import DownloadIcon from '@mui/icons-material/Download';
import type { UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_RANGE_DAYS } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { browserTimeZone, lastDays, type DayRange } from '@/shared/lib/day-range';
import { DateRangePicker } from '@/shared/ui/date-range-picker';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import type { DayRangeQuery } from '../api/events-keys';
import type { RangeExport } from '../api/range-results';
import { RetryAlert } from '@/shared/ui/retry-alert';

export type ResultsRange = {
  range: DayRange;
  setRange: (range: DayRange) => void;
  /** The range as the results calls take it: calendar days in the browser's time zone. */
  query: DayRangeQuery;
};

/** The days a results dialog shows: the last 7 (DEFAULT_RANGE_DAYS) until the operator picks others. */
export function useResultsRange(): ResultsRange {
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  return {
    range,
    setRange,
    query: { start_datetime: range.start, end_datetime: range.end, tz: browserTimeZone() },
  };
}

/**
 * A results dialog (an event's, a quiz's): the title, the range of days with quick presets and
 * the dialog's own `actions` beside it, then what `children` makes of the answer, with the
 * loading and failed states. While another range loads, the last answer shows dimmed.
 */
export function ResultsDialogShell<T>({
  open,
  onClose,
  title,
  titleId,
  testId,
  range,
  results,
  actions,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  titleId: string;
  testId: string;
  range: ResultsRange;
  results: UseQueryResult<T>;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 1156 } } }}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', pt: 1 }}>
          <DateRangePicker
            value={range.range}
            onChange={range.setRange}
            labels={{
              start: t('events.results.start'),
              end: t('events.results.end'),
              presets: t('events.results.presets'),
              preset: (days) => t('events.results.preset', { days }),
            }}
            testId={`${testId}-range`}
          />
          <Box sx={{ flex: 1 }} />
          {actions}
        </Box>
        {results.isError && !results.data ? (
          <RetryAlert error={results.error} onRetry={() => void results.refetch()} />
        ) : !results.data ? (
          <Skeleton variant="rounded" height={320} data-testid={`${testId}-loading`} />
        ) : (
          <Box
            sx={{ display: 'grid', gap: 2, opacity: results.isPlaceholderData ? 0.55 : 1 }}
            aria-busy={results.isPlaceholderData}
          >
            {children(results.data)}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid="dialog-cancel">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A results dialog's Export xlsx action: the range shown as a workbook, saved under the server's
 * name (`name` and the days if it gives none), with progress, success and failure as notices.
 */
export function ExportResultsButton({
  exporter,
  range,
  name,
  testId,
}: {
  exporter: RangeExport;
  range: ResultsRange;
  name: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const download = () =>
    void notify.run(
      () =>
        exporter.mutateAsync({
          range: range.query,
          fallbackName: `${name} ${range.range.start}–${range.range.end}.xlsx`,
        }),
      {
        loading: t('events.results.exporting'),
        success: (filename) => t('events.results.exported', { filename }),
        error: (e) => errorMessage(e, t('events.results.export_failed')),
      },
    );
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={download}
      disabled={exporter.isPending}
      data-testid={testId}
    >
      {t('events.results.export')}
    </Button>
  );
}
