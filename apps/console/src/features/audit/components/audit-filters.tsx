import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import SearchIcon from '@mui/icons-material/Search';
import { AUDIT_ACTION_GROUPS, type Device } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '@/shared/lib/day-range';
import { DateRangePicker } from '@/shared/ui/date-range-picker';
import { groupLabel } from '../lib/describe';

/** What the page filters by; '' is "every one". */
export type AuditFilterState = {
  deviceId: number | '';
  actor: string;
  action: string;
  range: DayRange;
  text: string;
};

const SEARCH_MAX_LENGTH = 120;

type Props = {
  value: AuditFilterState;
  devices: Device[];
  actors: string[];
  onChange: (patch: Partial<AuditFilterState>) => void;
  onClear?: (() => void) | undefined;
};

/** The trail's filters: dates, device, user, action type and words. */
export function AuditFiltersBar({ value, devices, actors, onChange, onClear }: Props) {
  const { t } = useTranslation();
  // The box shows what is typed at once; the page searches once typing pauses.
  const [text, setText] = useState(value.text);
  const [seen, setSeen] = useState(value.text);
  if (value.text !== seen) {
    setSeen(value.text);
    setText(value.text);
  }
  const select = (
    id: string,
    label: string,
    current: string | number,
    options: Array<{ value: string | number; label: string }>,
    set: (v: string) => void,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={current}
      onChange={(event) => set(event.target.value)}
      fullWidth={false}
      sx={{ width: 220, maxWidth: '100%' }}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': id } as object },
      }}
    >
      {options.map((o) => (
        <MenuItem
          key={o.value}
          value={o.value}
          data-testid={`${id}-option-${o.value === '' ? 'all' : o.value}`}
        >
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Card sx={{ mb: 2 }} data-testid="audit-filters">
      <CardContent sx={{ display: 'grid', gap: 2, '&:last-child': { pb: 2 } }}>
        <DateRangePicker
          value={value.range}
          onChange={(range) => onChange({ range })}
          labels={{
            start: t('audit.filters.start'),
            end: t('audit.filters.end'),
            presets: t('audit.filters.presets'),
            preset: (days) => t('audit.filters.preset', { days }),
          }}
          presets={[7, 30, 90, 365]}
          maxDays={366}
          testId="audit-range"
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {select(
            'audit-device',
            t('audit.filters.device'),
            value.deviceId,
            [
              { value: '', label: t('audit.filters.all_devices') },
              ...devices.map((d) => ({ value: d.id, label: d.description })),
            ],
            (v) => onChange({ deviceId: v === '' ? '' : Number(v) }),
          )}
          {select(
            'audit-user',
            t('audit.filters.user'),
            value.actor,
            [
              { value: '', label: t('audit.filters.all_users') },
              ...actors.map((a) => ({ value: a, label: a })),
            ],
            (actor) => onChange({ actor }),
          )}
          {select(
            'audit-action',
            t('audit.filters.action'),
            value.action,
            [
              { value: '', label: t('audit.filters.all_actions') },
              ...AUDIT_ACTION_GROUPS.map((g) => ({ value: g, label: groupLabel(t, g) })),
            ],
            (action) => onChange({ action }),
          )}
          <TextField
            size="small"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onChange({ text: event.target.value });
            }}
            placeholder={t('audit.filters.search')}
            fullWidth={false}
            sx={{ width: 260, maxWidth: '100%' }}
            slotProps={{
              htmlInput: {
                'data-testid': 'audit-search',
                'aria-label': t('audit.filters.search'),
                maxLength: SEARCH_MAX_LENGTH,
              },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {onClear && (
            <Button startIcon={<FilterListOffIcon />} onClick={onClear} data-testid="audit-clear">
              {t('audit.filters.clear')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
