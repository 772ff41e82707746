import Box from '@mui/material/Box';
import { alpha, styled, useTheme } from '@mui/material/styles';
import type { DashboardDay } from '@ambassador/contracts';
import { nice, ticks } from 'd3-array';
import { area, curveMonotoneX, line } from 'd3-shape';
import { memo, useCallback, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/shared/ui/visually-hidden';
import { NO_VALUE, formatCount, formatDay, formatRate } from '../lib/format';

const withDetail = (value: string, detail: string | null | undefined) =>
  detail ? `${value} (${detail})` : value;

/**
 * The chart is drawn in a fixed 1000 × 1000 box stretched to the card (lines keep their width
 * with `non-scaling-stroke`), and its labels are HTML placed in percent. Nothing is measured, so
 * it draws in one short render at any width; the chart library it replaces measured the card
 * and every tick label, re-rendering the chart in a blocking task of ~700 ms on a phone
 * (issue 20, docs/performance.md).
 */
const BOX = 1000;
const PLOT_HEIGHT = 236;
/** Marks help on short ranges; on long ones they would merge into a thick line. */
const MAX_DAYS_WITH_MARKS = 31;
/**
 * Day labels under the chart: "Mar 4" or "11月4日" needs ~55 px, and the first and last labels sit
 * inside the axis, so their neighbours need room beside them. A phone's card shows at most 6, an
 * axis of 560 px and more at most 8; which set shows is a container query on the axis, so nothing
 * is measured.
 */
const DAY_LABELS = { narrow: 6, wide: 8 };
const WIDE_AXIS_PX = 560;

/** A line of the chart: its value on day `i` (null: nothing to count that day, a gap in the line). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  area?: boolean;
  value: (i: number) => number | null;
  /** What the tooltip and the table say beside the value (e.g. "2 of 5"). */
  detail?: (i: number) => string | null;
}

// Static styles, made once (a per-render `sx` would serialise styles on every hover).
const Frame = styled('div')({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gridTemplateRows: `auto ${PLOT_HEIGHT}px auto`,
  columnGap: 8,
  outline: 'none',
});
const Legend = styled('ul')(({ theme }) => ({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: '4px 16px',
  listStyle: 'none',
  margin: '0 0 12px',
  padding: 0,
  fontSize: 13,
  color: theme.palette.text.secondary,
  '& li': { display: 'flex', alignItems: 'center', gap: 6 },
  '& i': { display: 'inline-block', width: 14, height: 3, borderRadius: 2 },
}));
const YAxis = styled('div')(({ theme }) => ({
  position: 'relative',
  minWidth: 24,
  fontSize: 12,
  color: theme.palette.text.secondary,
  '& span': { position: 'absolute', right: 0, transform: 'translateY(-50%)', whiteSpace: 'nowrap' },
  // Holds the column as wide as the widest label (the labels themselves are out of the flow).
  '& b': { visibility: 'hidden', fontWeight: 400 },
}));
const Plot = styled('div')(({ theme }) => ({
  position: 'relative',
  cursor: 'crosshair',
  touchAction: 'pan-y',
  '& svg': { position: 'absolute', inset: 0, width: '100%', height: '100%', overflow: 'visible' },
  '& .grid': { stroke: theme.palette.divider, strokeWidth: 1 },
  '& path': { vectorEffect: 'non-scaling-stroke', fill: 'none', strokeWidth: 2 },
  '& path.area': { strokeWidth: 0 },
  // A zero-length line with round caps: a dot that stays round however the box is stretched.
  '& path.mark': { strokeWidth: 7, strokeLinecap: 'round' },
}));
const XAxis = styled('div')(({ theme }) => ({
  gridColumn: 2,
  position: 'relative',
  height: 24,
  marginTop: 6,
  fontSize: 12,
  color: theme.palette.text.secondary,
  containerType: 'inline-size',
  '& span': { position: 'absolute', top: 0, whiteSpace: 'nowrap' },
  [`@container (max-width: ${WIDE_AXIS_PX - 0.02}px)`]: { '& .wide-only': { display: 'none' } },
  [`@container (min-width: ${WIDE_AXIS_PX}px)`]: { '& .narrow-only': { display: 'none' } },
}));
const Guide = styled('div')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: 0,
  borderLeft: `1px dashed ${theme.palette.text.disabled}`,
  pointerEvents: 'none',
}));
const Tip = styled('div')(({ theme }) => ({
  position: 'absolute',
  top: 4,
  zIndex: 1,
  minWidth: 150,
  padding: '6px 10px',
  borderRadius: 6,
  pointerEvents: 'none',
  background: theme.palette.background.paper,
  boxShadow: theme.shadows[4],
  fontSize: 13,
  '& strong': { display: 'block', marginBottom: 2 },
  '& div': { display: 'flex', alignItems: 'center', gap: 6 },
  '& i': { display: 'inline-block', width: 8, height: 8, borderRadius: 4 },
  '& span': { marginLeft: 'auto', paddingLeft: 12, fontVariantNumeric: 'tabular-nums' },
}));

/** Where day `i` of `n` sits across the plot, 0–1. */
const across = (i: number, n: number) => (n > 1 ? i / (n - 1) : 0.5);

/** The first day's label starts at its day, the last one's ends at it, the others are centred. */
function labelShift(i: number, n: number): string {
  if (n > 1 && i === 0) return '0';
  return n > 1 && i === n - 1 ? '-100%' : '-50%';
}

/** Which days get a label: the first, the last and evenly between, at most `max`. */
function labelledDays(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const step = Math.ceil((n - 1) / (max - 1));
  const picked: number[] = [];
  for (let i = 0; i < n - 1; i += step) picked.push(i);
  // The last day always shows; its neighbour goes when the two would touch.
  if (n - 1 - picked.at(-1)! < step / 2) picked.pop();
  picked.push(n - 1);
  return picked;
}

/** Conversations, fallbacks and Q&A sessions per day: the dashboard's summary graph. */
export const ConversationChart = memo(function ConversationChart({
  days,
  onOpenDay,
}: {
  days: DashboardDay[];
  /** Drill-down: a click on a day, or Enter on the day the arrows reached, opens its questions. */
  onOpenDay?: (date: string) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const series: ChartSeries[] = useMemo(
    () => [
      {
        key: 'conversations',
        label: t('dashboard.chart.conversations'),
        color: theme.palette.primary.main,
        area: true,
        value: (i) => days[i]!.conversations,
      },
      {
        key: 'fallback_conversations',
        label: t('dashboard.chart.fallback'),
        color: theme.palette.error.main,
        value: (i) => days[i]!.fallback_conversations,
      },
      {
        key: 'q_a_sessions',
        label: t('dashboard.chart.sessions'),
        color: theme.palette.success.main,
        value: (i) => days[i]!.q_a_sessions,
      },
    ],
    [t, theme, days],
  );
  return (
    <DayChart
      days={days}
      series={series}
      onOpenDay={onOpenDay}
      aria={t('dashboard.chart.aria')}
      caption={t('dashboard.chart.title')}
      testId="dashboard-chart"
    />
  );
});

/**
 * Lines over the days of a range: counts (a scale from 0 to the highest, whole ticks) or rates
 * (`percent`: 0–100 %). A day's click (or Enter on it) opens it.
 */
export const DayChart = memo(function DayChart({
  days,
  series,
  onOpenDay,
  percent = false,
  aria,
  caption,
  testId,
}: {
  days: { date: string }[];
  series: ChartSeries[];
  onOpenDay?: (date: string) => void;
  percent?: boolean;
  aria: string;
  caption: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const theme = useTheme();
  const [active, setActive] = useState<number | null>(null);
  const format = useCallback(
    (v: number | null) =>
      v === null ? NO_VALUE : percent ? formatRate(v, 1, language) : formatCount(v, language),
    [percent, language],
  );

  const drawn = useMemo(() => {
    const n = days.length;
    const highest = Math.max(1, ...series.flatMap((s) => days.map((_, i) => s.value(i) ?? 0)));
    const [, top] = percent ? [0, 1] : nice(0, highest, 4);
    // Counts are whole numbers: no tick between them.
    const x = (i: number) => across(i, n) * BOX;
    const y = (v: number) => BOX - (v / top) * BOX;
    // Each tick with its height in the box (grid line) and from the top in percent (its label).
    const yTicks = ticks(0, top, 4)
      .filter((v) => percent || Number.isInteger(v))
      .map((v) => ({ v, y: y(v), percent: (y(v) / BOX) * 100 }));
    const paths = series.map((s) => {
      const points = days.map((_, i) => {
        const v = s.value(i);
        return v === null ? null : ([x(i), y(v)] as [number, number]);
      });
      const defined = (p: [number, number] | null): p is [number, number] => p !== null;
      const drawnLine = line<[number, number] | null>()
        .defined(defined)
        .x((p) => p![0])
        .y((p) => p![1])
        .curve(curveMonotoneX);
      const drawnArea = area<[number, number] | null>()
        .defined(defined)
        .x((p) => p![0])
        .y1((p) => p![1])
        .y0(BOX)
        .curve(curveMonotoneX);
      return {
        ...s,
        line: drawnLine(points) ?? '',
        area: s.area ? (drawnArea(points) ?? '') : null,
        marks:
          n <= MAX_DAYS_WITH_MARKS
            ? points
                .filter(defined)
                .map(([px, py]) => `M${px},${py}h0`)
                .join('')
            : null,
      };
    });
    const narrow = new Set(labelledDays(n, DAY_LABELS.narrow));
    const wide = new Set(labelledDays(n, DAY_LABELS.wide));
    // Both sets are drawn; a container query hides the one the axis has no room or no need for.
    const labels = [...new Set([...narrow, ...wide])]
      .sort((a, b) => a - b)
      .map((i) => ({ i, only: !wide.has(i) ? 'narrow-only' : !narrow.has(i) ? 'wide-only' : undefined }));
    return { n, top, yTicks, paths, labels };
  }, [days, series, percent]);

  const { n, top, yTicks, paths, labels } = drawn;
  const shown = active !== null && active < n ? active : null;

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const share = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    setActive(n > 1 ? Math.round(share * (n - 1)) : 0);
  };
  const step = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) {
      setActive((current) =>
        Math.min(n - 1, Math.max(0, (current ?? (moves[event.key]! > 0 ? -1 : n)) + moves[event.key]!)),
      );
    } else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(n - 1);
    else if (event.key === 'Escape') setActive(null);
    else if (event.key === 'Enter' && onOpenDay && active !== null) onOpenDay(days[active]!.date);
    else return;
    event.preventDefault();
  };

  const left = shown === null ? 0 : across(shown, n) * 100;
  return (
    <Box
      // A labelled region, not a figure: it takes the focus (arrows step through the days), and
      // what is in the focus order needs an interactive or landmark role (axe focus-order-semantics).
      role="region"
      aria-label={aria}
      tabIndex={0}
      onKeyDown={step}
      onBlur={() => setActive(null)}
      data-testid={testId}
      sx={{
        borderRadius: 1,
        '&:focus-visible': { outline: `2px solid ${alpha(theme.palette.primary.main, 0.5)}` },
      }}
    >
      <Frame>
        <Legend aria-hidden>
          {series.map((s) => (
            <li key={s.key}>
              <i style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </Legend>
        <YAxis aria-hidden>
          <b>{format(top)}</b>
          {yTicks.map(({ v, percent: from }) => (
            <span key={v} style={{ top: `${from}%` }}>
              {format(v)}
            </span>
          ))}
        </YAxis>
        <Plot
          onPointerMove={pick}
          onPointerDown={pick}
          onPointerLeave={() => setActive(null)}
          onClick={onOpenDay && shown !== null ? () => onOpenDay(days[shown]!.date) : undefined}
          style={onOpenDay ? { cursor: 'pointer' } : undefined}
          data-testid={`${testId}-plot`}
        >
          <svg viewBox={`0 0 ${BOX} ${BOX}`} preserveAspectRatio="none" aria-hidden focusable="false">
            {yTicks.map(({ v, y }) => (
              <line
                key={v}
                className="grid"
                x1={0}
                x2={BOX}
                y1={y}
                y2={y}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {paths.map((p) =>
              p.area ? (
                <path
                  key={`${p.key}-area`}
                  className="area"
                  d={p.area}
                  style={{ fill: alpha(p.color, 0.08) }}
                />
              ) : null,
            )}
            {paths.map((p) => (
              <path key={p.key} d={p.line} stroke={p.color} data-series={p.key} />
            ))}
            {paths.map((p) =>
              p.marks ? <path key={`${p.key}-marks`} className="mark" d={p.marks} stroke={p.color} /> : null,
            )}
          </svg>
          {shown !== null && (
            <>
              <Guide style={{ left: `${left}%` }} />
              <Tip
                data-testid={`${testId}-tooltip`}
                style={
                  left > 60
                    ? { right: `${100 - left}%`, marginRight: 8 }
                    : { left: `${left}%`, marginLeft: 8 }
                }
              >
                <strong>{formatDay(days[shown]!.date, language, true)}</strong>
                {series.map((s) => (
                  <div key={s.key}>
                    <i style={{ background: s.color }} />
                    {s.label}
                    <span>{withDetail(format(s.value(shown)), s.detail?.(shown))}</span>
                  </div>
                ))}
                {onOpenDay && <em>{t('dashboard.chart.open_day')}</em>}
              </Tip>
            </>
          )}
        </Plot>
        <XAxis aria-hidden>
          {labels.map(({ i, only }) => (
            <span
              key={i}
              className={only}
              style={{ left: `${across(i, n) * 100}%`, transform: `translateX(${labelShift(i, n)})` }}
            >
              {formatDay(days[i]!.date, language)}
            </span>
          ))}
        </XAxis>
      </Frame>
      {/* What the chart shows, for a screen reader: a table of the days. Hidden by a box around it:
          a table is never narrower than its cells, so hidden itself it widened a phone's page. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.chart.day')}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.date}>
                <th scope="row">{formatDay(d.date, language, true)}</th>
                {series.map((s) => (
                  <td key={s.key}>{withDetail(format(s.value(i)), s.detail?.(i))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
});
