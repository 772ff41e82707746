import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { addDays, daysIn, isDay, lastDays, today, type DayRange } from '@/shared/lib/day-range';

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
 * Two date inputs (from, to) and quick presets. The end is never before the start: moving one end
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

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid={testId}>
      <TextField
        type="date"
        label={labels.start}
        value={value.start}
        onChange={(event) => change('start', event.target.value)}
        sx={{ width: 170 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { max: value.end, 'data-testid': `${testId}-start` },
        }}
      />
      <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
        –
      </Box>
      <TextField
        type="date"
        label={labels.end}
        value={value.end}
        onChange={(event) => change('end', event.target.value)}
        sx={{ width: 170 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: value.start, max: last, 'data-testid': `${testId}-end` },
        }}
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
