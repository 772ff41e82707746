import { useCallback, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import { styled } from '@mui/material/styles';
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
 * The preset buttons joined as one control, as MUI's ToggleButtonGroup draws them. Not that group
 * itself: its buttons register in layout effects, and the state update each registration makes
 * re-rendered the screen synchronously in the task of its first commit, pulling the page's data
 * requests into it (issue 20: a 290 ms task on a phone).
 */
const PresetGroup = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  borderRadius: theme.shape.borderRadius,
  '& > .MuiToggleButton-root': {
    paddingInline: theme.spacing(1.5),
    paddingBlock: theme.spacing(0.5),
    textTransform: 'none',
  },
  '& > .MuiToggleButton-root:not(:first-of-type)': {
    marginLeft: -1,
    borderLeftColor: 'transparent',
    borderTopLeftRadius: 0,
    borderBottomLeftRadius: 0,
  },
  '& > .MuiToggleButton-root:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
  '& > .MuiToggleButton-root.Mui-selected + .MuiToggleButton-root': { borderLeftColor: 'transparent' },
  [theme.breakpoints.up('sm')]: { marginLeft: theme.spacing(1) },
}));

/** Arrow keys move between the presets; Tab enters the group once, at the chosen one (or the first). */
function movePresetFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  const home = event.key === 'Home' ? 0 : event.key === 'End' ? -1 : undefined;
  if (step === undefined && home === undefined) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  if (at === -1) return;
  event.preventDefault();
  const next = home ?? (at + step! + buttons.length) % buttons.length;
  buttons.at(next)?.focus();
}

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
      <PresetGroup role="group" aria-label={labels.presets} onKeyDown={movePresetFocus}>
        {presets.map((days, i) => (
          <ToggleButton
            key={days}
            value={days}
            size="small"
            selected={days === active}
            tabIndex={days === active || (active === undefined && i === 0) ? 0 : -1}
            onChange={() => {
              if (days !== active) onChange(lastDays(days, last));
            }}
            data-testid={`${testId}-preset-${days}`}
          >
            {labels.preset(days)}
          </ToggleButton>
        ))}
      </PresetGroup>
    </Box>
  );
}
