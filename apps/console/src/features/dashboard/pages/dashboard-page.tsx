import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DASHBOARD_MAX_DAYS, DEFAULT_RANGE_DAYS } from '@ambassador/contracts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { browserTimeZone, rangeFromParams, type DayRange } from '@/shared/lib/day-range';
import { DateRangePicker } from '@/shared/ui/date-range-picker';
import { PageHeader } from '@/shared/ui/page-header';
import { dashboardKeys, useDashboardDeviceId, type DashboardRange } from '../api/dashboard-keys';
import { AetCard, ChartCard, CountCards, FaqSection, TrendsCard } from '../components/dashboard-sections';

/**
 * Asks for the dashboard's figures again; off while any of them is on its way. A component of its
 * own: the count of queries on their way changes as each starts and answers, and would draw the
 * whole page again each time, synchronously (issue 20).
 */
function RefreshButton({ deviceId }: { deviceId: number | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: dashboardKeys.device(deviceId) }) > 0;
  return (
    <Button
      startIcon={<RefreshIcon />}
      onClick={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.device(deviceId) })}
      disabled={deviceId === null || refreshing}
      data-testid="dashboard-refresh"
    >
      {t('dashboard.refresh')}
    </Button>
  );
}

/** Dashboard (/dashboard): the selected device's conversations over a range of days. */
export function DashboardPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const deviceId = useDashboardDeviceId();
  const device = auth.device_list.find((d) => d.id === deviceId);
  // The range lives in the address: reload, Back and a shared link keep it.
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params, DEFAULT_RANGE_DAYS);
  const tz = browserTimeZone();
  // One object per range, so the parts (memo) draw again only when it changes.
  const query: DashboardRange = useMemo(
    () => ({ start_datetime: range.start, end_datetime: range.end, tz }),
    [range.start, range.end, tz],
  );
  // The cards come in a render of their own after the page's frame (header, range): two commits
  // of the first screen's styles instead of one long one on a phone. Nothing is below them to move.
  const cardsShown = useDeferredValue(true, false);

  const setRange = (next: DayRange) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('start', next.start);
      updated.set('end', next.end);
      return updated;
    });

  return (
    <Box data-testid="dashboard-page">
      <PageHeader title={t('screens.dashboard')} actions={<RefreshButton deviceId={deviceId} />} />
      {device && (
        <Box sx={{ mt: -2, mb: 2, color: 'text.secondary', fontSize: 14 }} data-testid="dashboard-device">
          {t('dashboard.device', { device: device.description })}
        </Box>
      )}
      {deviceId === null ? (
        <Card>
          <CardContent>
            <Typography color="text.secondary">{t('dashboard.no_device')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <DateRangePicker
              value={range}
              onChange={setRange}
              maxDays={DASHBOARD_MAX_DAYS}
              labels={{
                start: t('dashboard.range.start'),
                end: t('dashboard.range.end'),
                presets: t('dashboard.range.presets'),
                preset: (days) => t('dashboard.range.preset', { days }),
              }}
              testId="dashboard-range"
            />
          </Box>
          {cardsShown && (
            <>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                  mb: 2,
                }}
              >
                <CountCards query={query} />
                <AetCard query={query} />
              </Box>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
                  alignItems: 'start',
                }}
              >
                <ChartCard query={query} />
                <FaqSection query={query} />
              </Box>
              <Box sx={{ mt: 2 }}>
                <TrendsCard query={query} />
              </Box>
            </>
          )}
        </>
      )}
    </Box>
  );
}
