import { memo, useEffect, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import EventIcon from '@mui/icons-material/Event';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '@/i18n/languages';
import { useUiLanguage } from '@/i18n/use-ui-language';
import {
  DAY_FIELD_FORMATS,
  DAY_FIELD_WIDTH,
  type DayFieldProps,
  type LiveDayFieldProps,
} from './day-field-shared';

/** A `YYYY-MM-DD` day written as the field writes it (DAY_FIELD_FORMATS use only these tokens). */
function writeDay(day: string, language: UiLanguage): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return DAY_FIELD_FORMATS[language].replace('YYYY', year).replace('MM', month).replace('DD', date);
}

type Wake = 'hover' | 'focus' | 'open';

/** The real field's code, once loaded (every field on every screen shares it). */
let liveField: ComponentType<LiveDayFieldProps> | undefined;
const loadLiveField = () => import('./day-field-live').then((module) => (liveField = module.default));

/**
 * One day of a range. It first shows a plain field with the day written as the date field writes
 * it; the real date field (MUI X: typed sections, a calendar) replaces it when the operator reaches
 * for it: the pointer over it, focus in it, or the calendar button. The real field is the heaviest
 * part of a screen on a phone (its code, its styles and a forced layout of the page as it mounts),
 * and most visits only read the days (issue 20: the dashboard's blocking time).
 */
export const DayField = memo(function DayField(props: DayFieldProps) {
  const [wake, setWake] = useState<Wake | null>(null);
  const [Live, setLive] = useState(() => liveField);
  // Focus or the button decide over an earlier hover (the code may still be loading).
  const wakeBy = (how: Wake) => setWake((was) => (was === null || was === 'hover' ? how : was));
  // The stand-in stays (with the focus) until the code is here, then the real field replaces it once.
  useEffect(() => {
    if (wake === null || Live) return;
    let gone = false;
    loadLiveField().then(
      (component) => !gone && setLive(() => component),
      (error: unknown) => {
        // Offline: the stand-in stays; reaching for it again tries again.
        console.error('[dates] the date field could not load', error);
        if (!gone) setWake(null);
      },
    );
    return () => {
      gone = true;
    };
  }, [wake, Live]);
  if (wake === null || !Live) return <StandIn {...props} onWake={wakeBy} />;
  return <Live {...props} autoFocus={wake !== 'hover'} openAtStart={wake === 'open'} />;
});

function StandIn({ label, day, testId, onWake }: DayFieldProps & { onWake: (how: Wake) => void }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  return (
    <Box
      sx={{ display: 'inline-flex', width: DAY_FIELD_WIDTH }}
      onPointerEnter={() => onWake('hover')}
      onFocus={() => onWake('focus')}
    >
      <TextField
        label={label}
        value={writeDay(day, language)}
        size="small"
        fullWidth
        data-testid={testId}
        slotProps={{
          // Typing waits for the real field, which takes over within a moment.
          htmlInput: { readOnly: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={t('common.choose_date')}
                  onClick={() => onWake('open')}
                  // The button's focus opens the calendar, not the typing.
                  onFocus={(event) => event.stopPropagation()}
                >
                  <EventIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
