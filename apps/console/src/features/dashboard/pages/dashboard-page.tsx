import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { DASHBOARD_MAX_DAYS, DEFAULT_RANGE_DAYS, type DashboardDay } from '@ambassador/contracts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { browserTimeZone, rangeFromParams, type DayRange } from '@/shared/lib/day-range';
import { useNearViewport } from '@/shared/lib/use-near-viewport';
import { DateRangePicker } from '@/shared/ui/date-range-picker';
import { PageHeader } from '@/shared/ui/page-header';
import { dashboardKeys, useDashboardDeviceId, type DashboardRange } from '../api/dashboard-keys';
import { useAet } from '../api/get-aet';
import { useConversationCount } from '../api/get-conversation-count';
import { useFaq } from '../api/get-faq';
import { useGraph } from '../api/get-graph';
import { ConversationChart } from '../components/conversation-chart';
import { FaqCard } from '../components/faq-card';
import { SectionError } from '../components/section-error';
import { StatCard } from '../components/stat-card';
import { formatCount, formatDay, formatDuration, formatRate } from '../lib/format';

const chartLoading = <Skeleton variant="rounded" height={300} data-testid="dashboard-chart-loading" />;

// Made once: a new element on every render would defeat the cards' memo.
const conversationsIcon = <ForumOutlined fontSize="small" />;
const sessionsIcon = <ChatBubbleOutline fontSize="small" />;
const aetIcon = <TimerOutlined fontSize="small" />;

function isQuiet(days: DashboardDay[]): boolean {
  return days.every((d) => d.conversations === 0 && d.fallback_conversations === 0 && d.q_a_sessions === 0);
}

function EmptyPeriod() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', alignContent: 'center', gap: 1, height: 300 }}
      data-testid="dashboard-empty"
    >
      <InsightsOutlined sx={{ fontSize: 48, color: 'action.disabled' }} />
      <Typography sx={{ fontWeight: 600 }}>{t('dashboard.chart.empty')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('dashboard.chart.empty_hint')}
      </Typography>
    </Box>
  );
}

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
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const auth = useAuth();
  const deviceId = useDashboardDeviceId();
  const device = auth.device_list.find((d) => d.id === deviceId);
  // The range lives in the address: reload, Back and a shared link keep it.
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params, DEFAULT_RANGE_DAYS);
  const query: DashboardRange = {
    start_datetime: range.start,
    end_datetime: range.end,
    tz: browserTimeZone(),
  };

  // On a phone the chart is below the counts and the FAQ: drawn when scrolled towards, not at start.
  const [chartRef, chartNear] = useNearViewport();

  const graph = useGraph(query);
  const count = useConversationCount(query);
  const aet = useAet(query);
  const faq = useFaq(query);
  // A query's answer renders synchronously (react-query reads it through useSyncExternalStore):
  // the chart and the FAQ, the page's biggest parts, take theirs in a deferred render instead,
  // which React splits into short tasks (issue 20: TBT on a phone).
  const graphDays = useDeferredValue(graph.data);
  const faqItems = useDeferredValue(faq.data);
  // The cards come in a render of their own after the page's frame (header, range): two commits
  // of the first screen's styles instead of one long one on a phone. Nothing is below them to move.
  const cardsShown = useDeferredValue(true, false);
  // Stable (refetch is), so a card whose figures did not change is not drawn again.
  const { refetch: refetchCount } = count;
  const { refetch: refetchAet } = aet;
  const { refetch: refetchFaq } = faq;
  const retryCount = useCallback(() => void refetchCount(), [refetchCount]);
  const retryAet = useCallback(() => void refetchAet(), [refetchAet]);
  const retryFaq = useCallback(() => void refetchFaq(), [refetchFaq]);

  const setRange = (next: DayRange) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('start', next.start);
      updated.set('end', next.end);
      return updated;
    });

  const failure = (error: unknown) => errorMessage(error, t('errors.unknown'));
  const stale = (q: { isPlaceholderData: boolean }) => q.isPlaceholderData;

  let chartBody;
  if (graph.isError && !graph.data) {
    chartBody = <SectionError message={failure(graph.error)} onRetry={() => void graph.refetch()} />;
  } else if (!graphDays || !chartNear) {
    chartBody = chartLoading;
  } else if (isQuiet(graphDays)) {
    chartBody = <EmptyPeriod />;
  } else {
    chartBody = (
      <Box sx={{ opacity: stale(graph) ? 0.55 : 1, transition: 'opacity 150ms' }}>
        <ConversationChart days={graphDays} />
      </Box>
    );
  }

  const counts = count.data;
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
                <StatCard
                  testId="stat-conversations"
                  title={t('dashboard.stats.conversations')}
                  icon={conversationsIcon}
                  value={counts && formatCount(counts.conversations, language)}
                  hint={
                    counts &&
                    t('dashboard.stats.fallback', {
                      fallback: formatCount(counts.fallback_conversations, language),
                      rate: formatRate(counts.fallback_conversations, counts.conversations, language),
                    })
                  }
                  stale={stale(count)}
                  error={count.isError ? failure(count.error) : null}
                  onRetry={retryCount}
                />
                <StatCard
                  testId="stat-sessions"
                  title={t('dashboard.stats.sessions')}
                  icon={sessionsIcon}
                  value={counts && formatCount(counts.q_a_sessions, language)}
                  hint={t('dashboard.stats.sessions_hint')}
                  stale={stale(count)}
                  error={count.isError ? failure(count.error) : null}
                  onRetry={retryCount}
                />
                <StatCard
                  testId="stat-aet"
                  title={t('dashboard.stats.aet')}
                  icon={aetIcon}
                  value={aet.data && formatDuration(aet.data.average_seconds)}
                  hint={
                    aet.data &&
                    (aet.data.average_seconds === null
                      ? t('dashboard.stats.aet_none')
                      : t('dashboard.stats.aet_hint', { sessions: formatCount(aet.data.sessions, language) }))
                  }
                  stale={stale(aet)}
                  error={aet.isError ? failure(aet.error) : null}
                  onRetry={retryAet}
                />
              </Box>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
                  alignItems: 'start',
                }}
              >
                <Card aria-busy={!graphDays || stale(graph)} ref={chartRef}>
                  <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                    <Typography component="h2" sx={{ fontWeight: 600 }}>
                      {t('dashboard.chart.title')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                      {t('dashboard.chart.period', {
                        start: formatDay(range.start, language, true),
                        end: formatDay(range.end, language, true),
                      })}
                    </Typography>
                    {chartBody}
                  </CardContent>
                </Card>
                <FaqCard
                  items={faqItems}
                  stale={stale(faq)}
                  error={faq.isError ? failure(faq.error) : null}
                  onRetry={retryFaq}
                />
              </Box>
            </>
          )}
        </>
      )}
    </Box>
  );
}
