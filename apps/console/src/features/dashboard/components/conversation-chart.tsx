import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useDeferredValue } from 'react';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DashboardDay } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../lib/format';

/** Marks help on short ranges; on long ones they would merge into a thick line. */
const MAX_DAYS_WITH_MARKS = 31;

/** Conversations, fallbacks and Q&A sessions per day: the dashboard's summary graph. */
export function ConversationChart({ days: latest }: { days: DashboardDay[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  // Drawing the chart is a big render: done as a deferred one, which React splits into short tasks,
  // so the counts and the FAQ answer first and a phone stays responsive (issue 20). A new range
  // keeps the previous lines until the new ones are drawn.
  const days = useDeferredValue(latest, null);
  if (!days) return <Skeleton variant="rounded" height={300} data-testid="dashboard-chart-loading" />;
  const language = i18n.resolvedLanguage;
  const showMark = days.length <= MAX_DAYS_WITH_MARKS;
  return (
    <Box role="figure" aria-label={t('dashboard.chart.aria')} data-testid="dashboard-chart">
      <LineChart
        height={300}
        skipAnimation={days.length > 366}
        grid={{ horizontal: true }}
        margin={{ left: 8, right: 32, top: 16, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'point',
            data: days.map((day) => day.date),
            tickSpacing: 56,
            // Room for a whole line of label text; too little and every label is cut to nothing.
            height: 32,
            valueFormatter: (day: string, context) =>
              formatDay(day, language, context.location === 'tooltip'),
          },
        ]}
        yAxis={[{ min: 0, tickMinStep: 1, width: 40 }]}
        series={[
          {
            id: 'conversations',
            label: t('dashboard.chart.conversations'),
            data: days.map((day) => day.conversations),
            color: theme.palette.primary.main,
            showMark,
            area: true,
          },
          {
            id: 'fallback',
            label: t('dashboard.chart.fallback'),
            data: days.map((day) => day.fallback_conversations),
            color: theme.palette.error.main,
            showMark,
          },
          {
            id: 'sessions',
            label: t('dashboard.chart.sessions'),
            data: days.map((day) => day.q_a_sessions),
            color: theme.palette.success.main,
            showMark,
          },
        ]}
        // A light wash under the main line; the other two stay lines so nothing is hidden.
        sx={{ '& .MuiLineChart-area': { fillOpacity: 0.08 } }}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } } }}
      />
    </Box>
  );
}
