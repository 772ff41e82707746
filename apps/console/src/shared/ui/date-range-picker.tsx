import { useCallback, useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { addDays, daysIn, isDay, lastDays, today, type DayRange } from '@/shared/lib/day-range';
import { DayField } from './day-field';

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
  );
}
