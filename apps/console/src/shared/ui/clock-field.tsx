import { useState } from 'react';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * A time of day as HH:MM (24-hour in every language), typed or picked from a list. What is not a
 * whole time yet reads as '' (the form then asks for a time like 09:30). Needs a PickersProvider
 * around it. The offline hours and the opening hours of locations use it.
 */
export function ClockField({
  label,
  value,
  onChange,
  error,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (clock: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  testId: string;
}) {
  const toDayjs = (clock: string) => (clock ? dayjs(`2000-01-01T${clock}`) : null);
  // The field's own value, so a half-typed time stays on screen while the form holds ''.
  const [draft, setDraft] = useState<Dayjs | null>(() => toDayjs(value));
  // The form changed the time itself (a new row, rows removed above): show it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(toDayjs(value));
  }
  return (
    <TimePicker
      label={label}
      value={draft}
      ampm={false}
      format="HH:mm"
      onChange={(next) => {
        const clock = next?.isValid() ? next.format('HH:mm') : '';
        setDraft(next);
        setShown(clock);
        onChange(clock);
      }}
      slotProps={{
        // Like the form's other fields (the theme's TextField defaults do not reach pickers).
        textField: {
          size: 'small',
          fullWidth: true,
          error: Boolean(error),
          helperText: error ?? hint,
          slotProps: { htmlInput: { 'data-testid': testId } as object },
        },
      }}
    />
  );
}
