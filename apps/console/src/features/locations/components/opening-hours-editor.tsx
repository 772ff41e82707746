import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  DAY_OPTIONS,
  LOCATION_MAX_HOURS,
  ZOpeningHoursSpan,
  ruleOf,
  type DayOption,
  type LocationDetails,
  type Rule,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateRule } from '@/shared/api/api-error';
import { ClockField } from '@/shared/ui/clock-field';

export type OpeningSpan = LocationDetails['opening_hours'][number];

/** The contract's problems of a span, by field ('' when the times are not whole yet). */
export function spanErrors(span: OpeningSpan): { start?: Rule; end?: Rule } {
  const result = ZOpeningHoursSpan.safeParse(span);
  if (result.success) return {};
  const out: { start?: Rule; end?: Rule } = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'start' || field === 'end') && !out[field]) out[field] = ruleOf(issue);
  }
  return out;
}

/** Whether every span can be saved. */
export const hoursValid = (hours: readonly OpeningSpan[]) =>
  hours.every((span) => Object.keys(spanErrors(span)).length === 0);

/** A new span: the day after the last one's, with its times; else weekdays 09:00–18:00. */
function nextSpan(hours: readonly OpeningSpan[]): OpeningSpan {
  const last = hours.at(-1);
  if (!last) return { day: 'weekdays', start: '09:00', end: '18:00', overnight: false };
  const at = DAY_OPTIONS.indexOf(last.day);
  const day = at < 6 ? DAY_OPTIONS[at + 1]! : last.day;
  return { ...last, day };
}

/**
 * Opening hours as days and times, not free text: spans of a day (or weekdays, weekends) from a
 * time to a time; one that runs past midnight is marked overnight. No spans: hours unknown.
 */
export function OpeningHoursEditor({
  value,
  onChange,
  showErrors,
  testId = 'hours',
}: {
  value: OpeningSpan[];
  onChange: (hours: OpeningSpan[]) => void;
  /** Shows the problems of every span (once a save was tried). */
  showErrors: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<OpeningSpan>) =>
    onChange(value.map((span, i) => (i === index ? { ...span, ...patch } : span)));

  return (
    <Box
      role="group"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Box>
        <Typography variant="subtitle2" id={`${testId}-title`}>
          {t('locations.hours.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('locations.hours.hint')}
        </Typography>
      </Box>
      {value.length === 0 && (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }} data-testid={`${testId}-none`}>
          {t('locations.hours.none')}
        </Typography>
      )}
      {value.map((span, index) => {
        const errors = showErrors ? spanErrors(span) : {};
        return (
          <Box
            key={index}
            data-testid={`${testId}-row-${index}`}
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr 1fr auto', sm: '1.3fr 1fr 1fr auto auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              select
              size="small"
              label={t('locations.hours.day')}
              value={span.day}
              onChange={(event) => set(index, { day: event.target.value as DayOption })}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': `${testId}-day-${index}` } as object },
              }}
            >
              {DAY_OPTIONS.map((day) => (
                <MenuItem key={day} value={day}>
                  {t(`locations.hours.days.${day}`)}
                </MenuItem>
              ))}
            </TextField>
            <ClockField
              label={t('locations.hours.start')}
              value={span.start}
              onChange={(start) => set(index, { start })}
              error={errors.start ? translateRule(t, errors.start) : undefined}
              testId={`${testId}-start-${index}`}
            />
            <ClockField
              label={t('locations.hours.end')}
              value={span.end}
              onChange={(end) => set(index, { end })}
              error={errors.end ? translateRule(t, errors.end) : undefined}
              hint={span.overnight ? t('locations.hours.next_day') : undefined}
              testId={`${testId}-end-${index}`}
            />
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={span.overnight}
                  onChange={(event) => set(index, { overnight: event.target.checked })}
                  slotProps={{ input: { 'data-testid': `${testId}-overnight-${index}` } as object }}
                />
              }
              label={t('locations.hours.overnight')}
              sx={{ mr: 0, mt: 0.5, gridColumn: { xs: '1 / 3', sm: 'auto' } }}
            />
            <Tooltip title={t('locations.hours.remove')}>
              <IconButton
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={t('locations.hours.remove')}
                data-testid={`${testId}-remove-${index}`}
              >
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...value, nextSpan(value)])}
          disabled={value.length >= LOCATION_MAX_HOURS}
          data-testid={`${testId}-add`}
        >
          {t('locations.hours.add')}
        </Button>
      </Box>
    </Box>
  );
}
