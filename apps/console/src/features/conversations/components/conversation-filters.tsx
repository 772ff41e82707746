import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import FilterListIcon from '@mui/icons-material/FilterList';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import SearchIcon from '@mui/icons-material/Search';
import { DEFAULT_RANGE_DAYS, type Device } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '@/shared/ui/date-range-picker';
import type { ConversationFilters, FilterPatch } from '../lib/filters';
import { useLatest } from '../lib/use-latest';
import { DeviceMultiSelect } from './device-multi-select';

/** The search waits for a 500 ms pause in typing, not a call per key. */
export const SEARCH_DEBOUNCE_MS = 500;
const SEARCH_MAX_LENGTH = 120;

export type ConversationFiltersBarProps = {
  filters: ConversationFilters;
  devices: Device[];
  /** `replace` keeps typing out of the browser history. */
  onChange: (patch: FilterPatch, options?: { replace?: boolean }) => void;
  onOpenCategories: () => void;
  /** Shown when anything beyond the defaults narrows the list. */
  onClear?: (() => void) | undefined;
  /** Only the range and the devices (the grouped view: the other filters are the table's). */
  rangeAndDevicesOnly?: boolean;
};

/** Range, devices, search, bookmarked / fallback / had-a-candidate switches and the category filter. */
export function ConversationFiltersBar({
  filters,
  devices,
  onChange,
  onOpenCategories,
  onClear,
  rangeAndDevicesOnly = false,
}: ConversationFiltersBarProps) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState(filters.search);
  // Back / Forward (or Clear) changed the search in the address: show it.
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (filters.search !== seenSearch) {
    setSeenSearch(filters.search);
    if (filters.search !== searchInput.trim()) setSearchInput(filters.search);
  }
  const latestOnChange = useLatest(onChange);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const typeSearch = (value: string) => {
    setSearchInput(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => latestOnChange.current({ search: value.trim() }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
  };

  const categoryCount = filters.categories.length;
  const categoryLabel =
    categoryCount === 0
      ? t('conversations.filters.categories')
      : filters.exclude
        ? t('conversations.filters.categories_excluded', { selected: categoryCount })
        : t('conversations.filters.categories_selected', { selected: categoryCount });

  return (
    <Card sx={{ mb: 2 }} data-testid="conversation-filters">
      <CardContent sx={{ display: 'grid', gap: 2, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <DateRangePicker
            value={filters.range}
            onChange={(range) => onChange({ range })}
            labels={{
              start: t('conversations.filters.start'),
              end: t('conversations.filters.end'),
              presets: t('conversations.filters.presets'),
              preset: (days) => t('conversations.filters.preset', { days }),
            }}
            presets={[DEFAULT_RANGE_DAYS, 30, 90]}
            testId="conversation-range"
          />
          <DeviceMultiSelect
            devices={devices}
            value={filters.deviceIds}
            onChange={(deviceIds) => onChange({ deviceIds })}
          />
        </Box>
        {!rangeAndDevicesOnly && (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              value={searchInput}
              onChange={(event) => typeSearch(event.target.value)}
              placeholder={t('conversations.filters.search')}
              sx={{ width: 300, maxWidth: '100%' }}
              slotProps={{
                htmlInput: {
                  'data-testid': 'conversation-search',
                  'aria-label': t('conversations.filters.search'),
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
            <FormControlLabel
              control={
                <Switch
                  checked={filters.bookmarked}
                  onChange={(event) => onChange({ bookmarked: event.target.checked })}
                  slotProps={{ input: { 'data-testid': 'conversation-bookmarked' } as object }}
                />
              }
              label={t('conversations.filters.bookmarked')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={filters.fallback}
                  onChange={(event) => onChange({ fallback: event.target.checked })}
                  slotProps={{ input: { 'data-testid': 'conversation-fallback' } as object }}
                />
              }
              label={t('conversations.filters.fallback')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={filters.candidate}
                  onChange={(event) => onChange({ candidate: event.target.checked })}
                  slotProps={{ input: { 'data-testid': 'conversation-candidate' } as object }}
                />
              }
              label={t('conversations.filters.candidate')}
            />
            <Button
              variant={categoryCount > 0 ? 'contained' : 'outlined'}
              color={filters.exclude ? 'warning' : 'primary'}
              startIcon={<FilterListIcon />}
              onClick={onOpenCategories}
              disabled={filters.deviceIds.length === 0}
              data-testid="conversation-categories"
            >
              {categoryLabel}
            </Button>
            {onClear && (
              <Button
                startIcon={<FilterListOffIcon />}
                onClick={() => {
                  clearTimeout(timer.current);
                  onClear();
                }}
                data-testid="conversation-clear-filters"
              >
                {t('conversations.filters.clear')}
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
