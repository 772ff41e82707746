import {
  memo,
  useCallback,
  useDeferredValue,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
} from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { addDays, daysIn, isDay, lastDays, today, type DayRange } from '@/shared/lib/day-range';
import { PickersProvider, useCalendarTitleFormat } from './pickers-provider';

export type DateRangeLabels = {
  start: string;
  end: string;
  /** Names the preset group for screen readers. */
  presets: string;
  /** "7 days". */
  preset: (days: number) => string;
};

export type DateRangePickerProps = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** Already translated (features bring their own strings). */
  labels: DateRangeLabels;
  /** Quick ranges ending today. */
  presets?: number[];
  /** Longest range allowed; the other end follows when exceeded. */
  maxDays?: number;
  testId?: string;
};

/**
 * Two date fields (from, to) and quick presets, in the interface language's date order
 * (11/17/2026, 2026/11/17) with a calendar to pick from. The end is never before the start: moving one end
 * past the other moves both. Days after today cannot be chosen (nothing has happened there yet).
 */
export function DateRangePicker({
  value,
  onChange,
  labels,
  presets = [7, 30, 90],
  maxDays,
  testId = 'date-range',
}: DateRangePickerProps) {
  const last = today();
  const active = presets.find((days) => {
    const preset = lastDays(days, last);
    return preset.start === value.start && preset.end === value.end;
  });

  const change = (which: 'start' | 'end', day: string) => {
    // A half-typed date reads as '': keep the last whole one.
    if (!isDay(day)) return;
    let next: DayRange =
      which === 'start' ? { start: day, end: value.end } : { start: value.start, end: day };
    // The other end follows instead of refusing the day the operator picked.
    if (next.start > next.end) next = { start: day, end: day };
    if (maxDays !== undefined && daysIn(next) > maxDays) {
      next =
        which === 'start'
          ? { start: next.start, end: addDays(next.start, maxDays - 1) }
          : { start: addDays(next.end, -(maxDays - 1)), end: next.end };
    }
    if (next.end > last) next = { ...next, end: last };
    if (next.start > next.end) next = { ...next, start: next.end };
    if (next.start !== value.start || next.end !== value.end) onChange(next);
  };
  // The fields get callbacks that never change, so they re-render only when their own day does: a
  // date field re-syncs the page's text selection on every render, a forced style and layout of the
  // whole page (the dashboard re-renders each time one of its four queries answers).
  const changeRef = useRef(change);
  useLayoutEffect(() => {
    changeRef.current = change;
  });
  const commitStart = useCallback((day: string) => changeRef.current('start', day), []);
  const commitEnd = useCallback((day: string) => changeRef.current('end', day), []);

  return (
    <PickersProvider>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid={testId}>
        <DayField
          label={labels.start}
          day={value.start}
          last={last}
          onCommit={commitStart}
          testId={`${testId}-start`}
        />
        <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
          –
        </Box>
        <DayField
          label={labels.end}
          day={value.end}
          last={last}
          onCommit={commitEnd}
          testId={`${testId}-end`}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={active ?? null}
          onChange={(_event, days: number | null) => {
            if (days !== null) onChange(lastDays(days, last));
          }}
          aria-label={labels.presets}
          sx={{ ml: { sm: 1 } }}
        >
          {presets.map((days) => (
            <ToggleButton
              key={days}
              value={days}
              data-testid={`${testId}-preset-${days}`}
              sx={{ px: 1.5, py: 0.5, textTransform: 'none' }}
            >
              {labels.preset(days)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
    </PickersProvider>
  );
}

/**
 * One day of the range. What is typed stays a draft until it is a whole day and the operator
 * leaves the field or presses Enter (or picks in the calendar): typing 2026 digit by digit never
 * asks for the year 202, and a half-typed day falls back to the last whole one.
 */
const DayField = memo(function DayField({
  label,
  day,
  last,
  onCommit,
  testId,
}: {
  label: string;
  day: string;
  last: string;
  onCommit: (day: string) => void;
  testId: string;
}) {
  const title = useCalendarTitleFormat();
  const [draft, setDraft] = useState<Dayjs | null>(() => dayjs(day));
  // A preset or the other end moved this day: show it.
  const [shown, setShown] = useState(day);
  if (shown !== day) {
    setShown(day);
    setDraft(dayjs(day));
  }
  // The date field is the range's heaviest part (its sections, the calendar's adapter, a forced
  // layout as it mounts): drawn in a deferred render, which React splits into short tasks, once the
  // page around it is on screen — not in the page's first render (issue 20: a phone's blocking time).
  const ready = useDeferredValue(true, false);
  const commit = (value: Dayjs | null) => {
    const typed = value?.isValid() ? value.format('YYYY-MM-DD') : '';
    // The range decides (the other end may follow, the future is cut); show what it kept.
    setDraft(dayjs(day));
    if (isDay(typed)) onCommit(typed);
  };
  if (!ready) return <Skeleton variant="rounded" width={170} height={40} data-testid={`${testId}-loading`} />;
  return (
    <DatePicker
      label={label}
      value={draft}
      onChange={setDraft}
      // A day picked in the calendar counts at once; a typed one when the operator leaves the field.
      onAccept={(value, context) => {
        if (context.source === 'view') commit(value);
      }}
      maxDate={dayjs(last)}
      sx={{ width: 170 }}
      slotProps={{
        calendarHeader: { format: title },
        // Like the screens' other fields (the theme's TextField defaults do not reach pickers).
        textField: {
          size: 'small',
          // Moving between the field's own parts (year, month, day) is not leaving it.
          onBlur: (event: FocusEvent<HTMLElement>) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) commit(draft);
          },
          onKeyDown: (event) => {
            if (event.key === 'Enter') commit(draft);
          },
          // The root element carries it (data attributes pass through).
          ...({ 'data-testid': testId } as object),
        },
      }}
    />
  );
});
