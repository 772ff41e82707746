import { useState, type FocusEvent } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { isDay } from '@/shared/lib/day-range';
import { DAY_FIELD_FORMATS, DAY_FIELD_WIDTH, type LiveDayFieldProps } from './day-field-shared';
import { PickersProvider, useCalendarTitleFormat } from './pickers-provider';
import { useUiLanguage } from '@/i18n/use-ui-language';

/**
 * The real date field (MUI X): sections typed in the interface language's order and a calendar. Its
 * own chunk, loaded when the operator reaches for a day (see day-field.tsx).
 */
export default function LiveDayField(props: LiveDayFieldProps) {
  return (
    <PickersProvider>
      <LiveField {...props} />
    </PickersProvider>
  );
}

function LiveField({ label, day, last, onCommit, testId, autoFocus, openAtStart }: LiveDayFieldProps) {
  const title = useCalendarTitleFormat();
  const language = useUiLanguage();
  const [open, setOpen] = useState(openAtStart);
  const [draft, setDraft] = useState<Dayjs | null>(() => dayjs(day));
  // A preset or the other end moved this day: show it.
  const [shown, setShown] = useState(day);
  if (shown !== day) {
    setShown(day);
    setDraft(dayjs(day));
  }
  const commit = (value: Dayjs | null) => {
    const typed = value?.isValid() ? value.format('YYYY-MM-DD') : '';
    // The range decides (the other end may follow, the future is cut); show what it kept.
    setDraft(dayjs(day));
    if (isDay(typed)) onCommit(typed);
  };
  return (
    <DatePicker
      label={label}
      value={draft}
      onChange={setDraft}
      // The stand-in wrote the day in this format: nothing moves when the field replaces it.
      format={DAY_FIELD_FORMATS[language]}
      autoFocus={autoFocus}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      // A day picked in the calendar counts at once; a typed one when the operator leaves the field.
      onAccept={(value, context) => {
        if (context.source === 'view') commit(value);
      }}
      maxDate={dayjs(last)}
      sx={{ width: DAY_FIELD_WIDTH }}
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
}
