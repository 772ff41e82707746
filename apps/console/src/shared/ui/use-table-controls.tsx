import { useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';
import { useAddressRequest } from '@/shared/lib/use-address-param';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { usePaging } from './use-paging';

/** A search box waits this long after the last key before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export type TableSort<C extends string> = { sort_by: C; order: 'asc' | 'desc' };

/**
 * The controls of a server-paged table with a search box and sortable columns: paging, the search
 * (debounced, trimmed; a new search starts from the first page), the sort (a click on the sorted
 * column turns its order, another column starts ascending, from the first page) and its headers
 * (`<testId>-sort-<column>`). `keepInRange` moves back to the last page when rows went away.
 */
export function useTableControls<C extends string>(initialSort: TableSort<C>, testId: string) {
  const paging = usePaging();
  const [search, setSearch] = useState('');
  // Opened with `?q=` (from search everywhere): the list starts filtered to it.
  useAddressRequest('q', true, setSearch);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<TableSort<C>>(initialSort);

  const [searched, setSearched] = useState(debouncedSearch);
  if (searched !== debouncedSearch) {
    setSearched(debouncedSearch);
    paging.setPage(0);
  }

  const sortBy = (column: C) => {
    setSort((current) => ({
      sort_by: column,
      order: current.sort_by === column && current.order === 'asc' ? 'desc' : 'asc',
    }));
    paging.setPage(0);
  };

  const sortHeader = (column: C, label: string) => (
    <TableSortLabel
      active={sort.sort_by === column}
      direction={sort.sort_by === column ? sort.order : 'asc'}
      onClick={() => sortBy(column)}
      data-testid={`${testId}-sort-${column}`}
      sx={{
        whiteSpace: 'nowrap',
        maxWidth: '100%',
        // The arrow takes room only when sorted, hovered or focused: a narrow column keeps its name
        // inside it (the hidden arrow pushed "Pages" into the next column's header).
        '&:not(.Mui-active):not(:hover):not(:focus-visible) .MuiTableSortLabel-icon': { display: 'none' },
      }}
    >
      {/* A header wider than its column ends in an ellipsis, the arrow still beside it. */}
      <Box component="span" title={label} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
        {label}
      </Box>
    </TableSortLabel>
  );

  /** Call on each render with the list's query: an emptied last page moves back to the new last one. */
  const keepInRange = (query: { data?: { total: number }; isPlaceholderData: boolean }) => {
    const lastPage = Math.max(0, Math.ceil((query.data?.total ?? 0) / paging.pageSize) - 1);
    if (query.data && !query.isPlaceholderData && paging.page > lastPage) paging.setPage(lastPage);
  };

  /** The list call's paging, search and sort. */
  const params = {
    limit: paging.limit,
    offset: paging.offset,
    ...(debouncedSearch && { search: debouncedSearch }),
    ...sort,
  };

  return { paging, search, setSearch, debouncedSearch, sort, sortHeader, keepInRange, params };
}

/** The search box above a table: a magnifier, a placeholder that is also its accessible name. */
export function TableSearchField({
  value,
  onChange,
  label,
  testId,
  maxLength,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId: string;
  maxLength?: number;
}) {
  return (
    <TextField
      data-testid={testId}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={label}
      slotProps={{
        htmlInput: { 'aria-label': label, ...(maxLength && { maxLength }) },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
