import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { canOpen, type DashboardDay, type DashboardTrendDay } from '@ambassador/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { useNearViewport } from '@/shared/lib/use-near-viewport';
import type { DashboardRange } from '../api/dashboard-keys';
import { useAet } from '../api/get-aet';
import { useConversationCount } from '../api/get-conversation-count';
import { useFaq } from '../api/get-faq';
import { useGraph } from '../api/get-graph';
import { useTrends } from '../api/get-trends';
import { formatCount, formatDay, formatDuration, formatRate } from '../lib/format';
import { reviewPath } from '../lib/review-link';
import { ConversationChart, DayChart, type ChartSeries } from './conversation-chart';
import { FaqCard } from './faq-card';
import { SectionError } from './section-error';
import { StatCard } from './stat-card';

/*
 * The dashboard's parts, each with its own query: an answer (or a query starting or settling)
 * draws again only the part it feeds. React Query hands answers to React synchronously, so with
 * the four queries in the page every answer drew the whole page again in one unsplit task
 * (issue 20).
 */

const chartLoading = <Skeleton variant="rounded" height={300} data-testid="dashboard-chart-loading" />;

// Made once: a new element on every render would defeat the cards' memo.
const conversationsIcon = <ForumOutlined fontSize="small" />;
const sessionsIcon = <ChatBubbleOutline fontSize="small" />;
const aetIcon = <TimerOutlined fontSize="small" />;

/** A query's answer for another range, kept (dimmed) while the new one loads. */
const stale = (q: { isPlaceholderData: boolean }) => q.isPlaceholderData;

function useFailure() {
  const { t } = useTranslation();
  return (error: unknown) => errorMessage(error, t('errors.unknown'));
}

/** Conversations (with the fallback share) and Q&A sessions: one call, two cards. */
export const CountCards = memo(function CountCards({ query }: { query: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const failure = useFailure();
  const count = useConversationCount(query);
  const counts = count.data;
  const { refetch } = count;
  const error = count.isError ? failure(count.error) : null;
  const retry = () => void refetch();
  return (
    <>
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
        error={error}
        onRetry={retry}
      />
      <StatCard
        testId="stat-sessions"
        title={t('dashboard.stats.sessions')}
        icon={sessionsIcon}
        value={counts && formatCount(counts.q_a_sessions, language)}
        hint={t('dashboard.stats.sessions_hint')}
        stale={stale(count)}
        error={error}
        onRetry={retry}
      />
    </>
  );
});

/** The average engagement time of the visitor sessions that ended in the range. */
export const AetCard = memo(function AetCard({ query }: { query: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const failure = useFailure();
  const aet = useAet(query);
  const { refetch } = aet;
  return (
    <StatCard
      testId="stat-aet"
      title={t('dashboard.stats.aet')}
      icon={aetIcon}
      value={aet.data && formatDuration(aet.data.average_seconds)}
      hint={
        aet.data &&
        (aet.data.average_seconds === null
          ? t('dashboard.stats.aet_none')
          : t('dashboard.stats.aet_hint', {
              sessions: formatCount(aet.data.sessions, i18n.resolvedLanguage),
            }))
      }
      stale={stale(aet)}
      error={aet.isError ? failure(aet.error) : null}
      onRetry={() => void refetch()}
    />
  );
});

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

/** Conversations per day over the range; on a phone drawn when scrolled towards. */
export const ChartCard = memo(function ChartCard({ query }: { query: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  // Drill-down: a day of the chart opens that day's questions, for those with Conversation Review.
  const openDay = useOpenDay();
  const failure = useFailure();
  const graph = useGraph(query);
  // On a phone the chart is below the counts and the FAQ: drawn when scrolled towards, not at start.
  const [chartRef, chartNear] = useNearViewport();
  // The chart, the page's biggest part, takes its answer in a deferred render, which React splits
  // into short tasks.
  const days = useDeferredValue(graph.data);

  let body;
  if (graph.isError && !graph.data) {
    body = <SectionError message={failure(graph.error)} onRetry={() => void graph.refetch()} />;
  } else if (!days || !chartNear) {
    body = chartLoading;
  } else if (isQuiet(days)) {
    body = <EmptyPeriod />;
  } else {
    body = (
      <Box sx={{ opacity: stale(graph) ? 0.55 : 1, transition: 'opacity 150ms' }}>
        <ConversationChart days={days} onOpenDay={openDay} />
      </Box>
    );
  }
  return (
    <Card aria-busy={!days || stale(graph)} ref={chartRef}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {t('dashboard.chart.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('dashboard.chart.period', {
            start: formatDay(query.start_datetime, language, true),
            end: formatDay(query.end_datetime, language, true),
          })}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
});

/** Drill-down from a day of a chart into Conversation Review, for those who may open it. */
function useOpenDay() {
  const navigate = useNavigate();
  const auth = useAuth();
  const deviceId = auth.selected_device;
  const openDay = useCallback(
    (date: string) => void navigate(reviewPath({ start: date, end: date }, deviceId)),
    [navigate, deviceId],
  );
  return canOpen(auth.page_access, '/conversation') ? openDay : undefined;
}

function TrendsChart({ days, onOpenDay }: { days: DashboardTrendDay[]; onOpenDay?: (date: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const theme = useTheme();
  const series: ChartSeries[] = useMemo(
    () => [
      {
        key: 'containment',
        label: t('dashboard.trends.containment'),
        color: theme.palette.primary.main,
        value: (i) => days[i]!.containment,
        detail: (i) =>
          days[i]!.sessions === 0
            ? null
            : t('dashboard.trends.of', {
                part: formatCount(days[i]!.contained, language),
                whole: formatCount(days[i]!.sessions, language),
              }),
      },
      {
        key: 'satisfaction',
        label: t('dashboard.trends.satisfaction'),
        color: theme.palette.warning.dark,
        value: (i) => days[i]!.satisfaction,
        detail: (i) =>
          days[i]!.ratings === 0
            ? null
            : t('dashboard.trends.of', {
                part: formatCount(days[i]!.satisfied, language),
                whole: formatCount(days[i]!.ratings, language),
              }),
      },
    ],
    [t, theme, days, language],
  );
  return (
    <DayChart
      days={days}
      series={series}
      percent
      onOpenDay={onOpenDay}
      aria={t('dashboard.trends.aria')}
      caption={t('dashboard.trends.title')}
      testId="dashboard-trends-chart"
    />
  );
}

/** Containment and satisfaction per day, with what each means in a tooltip. */
export const TrendsCard = memo(function TrendsCard({ query }: { query: DashboardRange }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const openDay = useOpenDay();
  const failure = useFailure();
  const trends = useTrends(query);
  const [chartRef, chartNear] = useNearViewport();
  const days = useDeferredValue(trends.data);
  const sum = (key: 'sessions' | 'contained' | 'ratings' | 'satisfied') =>
    (days ?? []).reduce((n, d) => n + d[key], 0);

  let body;
  if (trends.isError && !trends.data) {
    body = <SectionError message={failure(trends.error)} onRetry={() => void trends.refetch()} />;
  } else if (!days || !chartNear) {
    body = chartLoading;
  } else if (days.every((d) => d.sessions === 0 && d.ratings === 0)) {
    body = (
      <Typography
        color="text.secondary"
        sx={{ py: 4, textAlign: 'center' }}
        data-testid="dashboard-trends-empty"
      >
        {t('dashboard.trends.empty')}
      </Typography>
    );
  } else {
    body = (
      <Box sx={{ opacity: stale(trends) ? 0.55 : 1, transition: 'opacity 150ms' }}>
        <TrendsChart days={days} onOpenDay={openDay} />
      </Box>
    );
  }
  return (
    <Card aria-busy={!days || stale(trends)} ref={chartRef} data-testid="dashboard-trends">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography component="h2" sx={{ fontWeight: 600 }}>
            {t('dashboard.trends.title')}
          </Typography>
          <Tooltip
            title={
              <>
                <p>{t('dashboard.trends.containment_definition')}</p>
                <p>{t('dashboard.trends.satisfaction_definition')}</p>
              </>
            }
          >
            <IconButton
              size="small"
              aria-label={t('dashboard.trends.definitions')}
              data-testid="dashboard-trends-help"
            >
              <HelpOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        {days && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mb: 1 }}
            data-testid="dashboard-trends-totals"
          >
            {t('dashboard.trends.totals', {
              containment: formatRate(sum('contained'), sum('sessions'), language),
              satisfaction: formatRate(sum('satisfied'), sum('ratings'), language),
            })}
          </Typography>
        )}
        {body}
      </CardContent>
    </Card>
  );
});

/** The topics asked most in the range. */
export const FaqSection = memo(function FaqSection({ query }: { query: DashboardRange }) {
  const failure = useFailure();
  const faq = useFaq(query);
  const items = useDeferredValue(faq.data);
  const { refetch } = faq;
  return (
    <FaqCard
      items={items}
      range={{ start: query.start_datetime, end: query.end_datetime }}
      stale={stale(faq)}
      error={faq.isError ? failure(faq.error) : null}
      onRetry={() => void refetch()}
    />
  );
});
