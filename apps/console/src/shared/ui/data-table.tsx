import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type Column<T> = {
  id: string;
  /** Already translated. */
  header: ReactNode;
  /**
   * The column's name as plain text, for the labels of phone cards and the column chooser
   * (already translated). Defaults to `header` when that is a string.
   */
  label?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  /** With `fit`: the least width of a column without `width`, which shares what is left. */
  minWidth?: number;
  align?: 'left' | 'center' | 'right';
  /**
   * Stays in view at the right edge while a wide table scrolls sideways (row actions). Sticky
   * columns must come last and have a numeric width. On a phone they are the card's actions.
   */
  sticky?: boolean;
  /**
   * Its place on a phone's card: the title (the row's name; by default the first column), the
   * actions at the bottom (sticky columns and a column with id `actions` are), or hidden.
   * Otherwise a "label: value" line.
   */
  card?: 'title' | 'actions' | 'hidden';
  /** The column chooser may hide it; the row's name and its actions are better left on. */
  hideable?: boolean;
  /** Hidden until the operator chooses it in the column chooser. */
  defaultHidden?: boolean;
};

/** What names a column in plain text. */
export function columnLabel<T>(column: Column<T>): string {
  return column.label ?? (typeof column.header === 'string' ? column.header : column.id);
}

/** Position styles of the sticky columns, by id: each sits left of the sticky ones after it. */
function stickyStyles<T>(columns: Column<T>[]) {
  const styles = new Map<string, object>();
  let right = 0;
  for (let index = columns.length - 1; index >= 0; index--) {
    const column = columns[index]!;
    if (!column.sticky) break;
    const first = index === 0 || !columns[index - 1]!.sticky;
    // A fixed width, so the offsets of the columns to its right are exact.
    const width = typeof column.width === 'number' ? column.width : undefined;
    styles.set(column.id, {
      position: 'sticky',
      right,
      boxSizing: 'border-box',
      width,
      minWidth: width,
      maxWidth: width,
      zIndex: 1,
      bgcolor: 'background.paper',
      ...(first && {
        boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
      }),
    });
    right += width ?? 0;
  }
  return styles;
}

/** Horizontal padding of a cell of a `fit` table, each side, in px. */
const CELL_PAD = 8;
/** A flexible column without a `minWidth` shrinks no narrower than this. */
const FLEX_MIN = 96;

/** The narrowest a `fit` table may get before it scrolls sideways: every column at its least. */
function leastWidth<T>(columns: Column<T>[]): number {
  return columns.reduce(
    (sum, column) =>
      sum + (typeof column.width === 'number' ? column.width : (column.minWidth ?? FLEX_MIN)) + 2 * CELL_PAD,
    0,
  );
}

/**
 * A click or Enter on a row opens it, except when it lands on something of its own inside the row
 * (a button, a link, a field) or comes through a portal (a menu or dialog opened from the row).
 */
function opensRow(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return false;
  const control = target.closest(
    'button, a, input, select, textarea, label, [role="button"], [role="checkbox"]',
  );
  return !control || !event.currentTarget.contains(control) || control === event.currentTarget;
}

function rowHandlers<T>(row: T, open: ((row: T) => void) | undefined) {
  if (!open) return {};
  return {
    tabIndex: 0,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (opensRow(event)) open(row);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // Only the focused row itself: Enter on a button inside it is that button's.
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        open(row);
      }
    },
  };
}

/** The rows picked for a bulk action (shared/lib/use-selection.ts), as the table shows them. */
export interface TableSelection {
  /** Every row matching the filter is picked, on every page. */
  all: boolean;
  isSelected(key: string | number): boolean;
  toggle(key: string | number): void;
  togglePage(keys: (string | number)[]): void;
}

export type DataTableProps<T> = {
  columns: Column<T>[];
  /** undefined while the first page loads. */
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  rowTestId?: (row: T) => string;
  /** Rows on the server, for the pager. */
  total: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  pageSizeOptions?: number[];
  loading?: boolean;
  /** Shown instead of rows when the load failed. */
  error?: string | null;
  onRetry?: () => void;
  emptyText?: string;
  ariaLabel: string;
  testId?: string;
  /** Clicking a row, or Enter on a focused one, opens it (a detail panel). */
  onRowClick?: (row: T) => void;
  /** The row shown as selected (its panel is open). */
  selectedKey?: string | number | null;
  /**
   * The columns share the width there is (fixed layout): long text is cut with an ellipsis
   * instead of widening the table, which scrolls sideways only below the columns' least widths.
   */
  fit?: boolean;
  /** A checkbox on each row and one for the page, for bulk actions. */
  selection?: TableSelection;
  /** The row's name, for its checkbox's label ("Select Lost property"). */
  rowLabel?: (row: T) => string;
  /** Whether the row can be picked (all can by default); one that cannot shows no checkbox. */
  selectable?: (row: T) => boolean;
};

/** The checkbox column of a table with `selection`: first, never hidden, on a phone with the actions. */
function selectColumn<T>(props: DataTableProps<T>, t: TFunction): Column<T> {
  const selection = props.selection!;
  const selectable = props.selectable ?? (() => true);
  const keys = (props.rows ?? []).filter(selectable).map(props.rowKey);
  const picked = keys.filter((key) => selection.isSelected(key)).length;
  const name = props.testId ?? 'table';
  return {
    id: 'select',
    label: t('table.select'),
    width: 52,
    card: 'actions',
    hideable: false,
    header: (
      <Checkbox
        size="small"
        checked={keys.length > 0 && picked === keys.length}
        indeterminate={picked > 0 && picked < keys.length}
        disabled={keys.length === 0}
        onChange={() => selection.togglePage(keys)}
        slotProps={{ input: { 'aria-label': t('table.select_page') } }}
        data-testid={`${name}-select-page`}
        sx={{ p: 0.5 }}
      />
    ),
    render: (row) => {
      if (!selectable(row)) return null;
      const key = props.rowKey(row);
      return (
        <Checkbox
          size="small"
          checked={selection.isSelected(key)}
          disabled={selection.all}
          onChange={() => selection.toggle(key)}
          slotProps={{
            input: {
              'aria-label': t('table.select_row', { name: props.rowLabel?.(row) ?? String(key) }),
            },
          }}
          data-testid={`${name}-select-${key}`}
          sx={{ p: 0.5 }}
        />
      );
    },
  };
}

/**
 * A server-paged table (limit/offset + total) with loading, empty and error states. Under 600 px
 * wide each row is a card instead: the title column on top, the others as "label: value" lines,
 * the row's actions at the bottom.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    total,
    page,
    pageSize,
    onPageChange,
    onPageSizeChange,
    pageSizeOptions = [10, 25, 50],
    loading = false,
    testId,
  } = props;
  const firstLoad = props.rows === undefined && loading;
  const shown = props.selection ? { ...props, columns: [selectColumn(props, t), ...props.columns] } : props;

  return (
    <Paper variant="outlined" data-testid={testId} data-layout={phone ? 'cards' : 'table'}>
      <Box sx={{ height: 4 }}>
        {loading && !firstLoad && <LinearProgress aria-label={t('common.loading')} />}
      </Box>
      {phone && props.selection && (props.rows?.length ?? 0) > 0 && (
        // Cards have no header row: the page's checkbox stands above them, with its words.
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, pt: 1 }}>
          {shown.columns[0]!.header}
          <Typography variant="body2" aria-hidden>
            {t('table.select_page')}
          </Typography>
        </Box>
      )}
      {phone ? <CardList {...shown} /> : <WideTable {...shown} />}
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={onPageSizeChange ? pageSizeOptions : [pageSize]}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange?.(Number(event.target.value))}
        labelRowsPerPage={t('table.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => t('table.displayed_rows', { from, to, count })}
        getItemAriaLabel={(type) => t(`table.go_to_${type}`)}
        sx={{
          // On a phone the pager wraps instead of pushing the page sideways.
          '& .MuiTablePagination-toolbar': {
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            px: { xs: 1, sm: 2 },
          },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Paper>
  );
}

/** The error, empty and first-load states, or null when there are rows to show. */
function useBodyState<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { rows, loading = false, error, onRetry, emptyText } = props;
  const firstLoad = rows === undefined && loading;
  if (error && !rows?.length) {
    return {
      kind: 'error' as const,
      node: (
        <>
          <Typography color="error" sx={{ mb: onRetry ? 1.5 : 0 }}>
            {error}
          </Typography>
          {onRetry && (
            <Button variant="outlined" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </>
      ),
    };
  }
  if (firstLoad) return { kind: 'loading' as const, node: null };
  if (!rows || rows.length === 0) return { kind: 'empty' as const, node: emptyText ?? t('table.empty') };
  return { kind: 'rows' as const, node: null };
}

function WideTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, rowTestId, pageSize, loading = false, ariaLabel, fit } = props;
  const { onRowClick, selectedKey } = props;
  const span = columns.length;
  const sticky = stickyStyles(columns);
  const state = useBodyState(props);

  let body: ReactNode;
  if (state.kind === 'error') {
    body = (
      <TableRow>
        <TableCell colSpan={span} sx={{ py: 6, textAlign: 'center' }}>
          {state.node}
        </TableCell>
      </TableRow>
    );
  } else if (state.kind === 'loading') {
    body = Array.from({ length: Math.min(pageSize, 5) }, (_, index) => (
      <TableRow key={`skeleton-${index}`}>
        {columns.map((column) => (
          <TableCell key={column.id}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (state.kind === 'empty') {
    body = (
      <TableRow>
        <TableCell
          colSpan={span}
          sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}
          data-testid="table-empty"
        >
          {state.node}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows!.map((row) => {
      const key = rowKey(row);
      return (
        <TableRow
          key={key}
          hover
          selected={selectedKey !== undefined && selectedKey === key}
          data-testid={rowTestId?.(row)}
          {...rowHandlers(row, onRowClick)}
          sx={
            onRowClick && {
              cursor: 'pointer',
              '&:focus-visible': {
                outline: 2,
                outlineStyle: 'solid',
                outlineColor: 'primary.main',
                outlineOffset: -2,
              },
            }
          }
        >
          {columns.map((column) => (
            <TableCell
              key={column.id}
              align={column.align}
              sx={{ ...(fit && { overflow: 'hidden' }), ...sticky.get(column.id) }}
            >
              {column.render(row)}
            </TableCell>
          ))}
        </TableRow>
      );
    });
  }

  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={ariaLabel}
        aria-busy={loading}
        sx={{
          '& td, & th': { px: fit ? `${CELL_PAD}px` : 2 },
          '& tbody td': { height: 56 },
          ...(fit && { tableLayout: 'fixed', width: '100%', minWidth: leastWidth(columns) }),
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                sx={{
                  width: column.width,
                  ...(fit && { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }),
                  ...sticky.get(column.id),
                }}
              >
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{body}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phone width: one card per row, nothing pinned, nothing wider than the screen. */
function CardList<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, rowTestId, pageSize, loading = false, ariaLabel } = props;
  const { onRowClick, selectedKey } = props;
  const state = useBodyState(props);
  // Row actions go to the bottom: declared so, pinned, or the usual `actions` column.
  const isAction = (column: Column<T>) =>
    column.card === 'actions' || (column.card === undefined && (column.sticky || column.id === 'actions'));
  const title =
    columns.find((column) => column.card === 'title') ?? columns.find((column) => !isAction(column));
  const actions = columns.filter((column) => column !== title && isAction(column));
  const lines = columns.filter((column) => column !== title && !isAction(column) && column.card !== 'hidden');

  if (state.kind === 'error' || state.kind === 'empty') {
    return (
      <Box
        sx={{
          py: 6,
          px: 2,
          textAlign: 'center',
          color: state.kind === 'empty' ? 'text.secondary' : undefined,
        }}
        data-testid={state.kind === 'empty' ? 'table-empty' : undefined}
      >
        {state.node}
      </Box>
    );
  }
  if (state.kind === 'loading') {
    return (
      <Box sx={{ p: 1.5, display: 'grid', gap: 1 }} aria-busy>
        {Array.from({ length: Math.min(pageSize, 3) }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={96} />
        ))}
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={ariaLabel}
      aria-busy={loading}
      sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}
    >
      {rows!.map((row) => {
        const key = rowKey(row);
        const selected = selectedKey !== undefined && selectedKey === key;
        return (
          <Box
            component="li"
            key={key}
            data-testid={rowTestId?.(row)}
            data-card="true"
            {...rowHandlers(row, onRowClick)}
            sx={{
              border: 1,
              borderColor: selected ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 1.5,
              minWidth: 0,
              overflowWrap: 'anywhere',
              bgcolor: selected ? 'action.selected' : 'background.paper',
              ...(onRowClick && {
                cursor: 'pointer',
                '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
              }),
            }}
          >
            {title && (
              <Box sx={{ fontWeight: 600, mb: lines.length ? 1 : 0, minWidth: 0 }} data-card-title="true">
                {title.render(row)}
              </Box>
            )}
            {lines.length > 0 && (
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(84px, max-content) minmax(0, 1fr)',
                  columnGap: 1.5,
                  rowGap: 0.75,
                  alignItems: 'center',
                }}
              >
                {lines.map((column) => (
                  <Box key={column.id} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {columnLabel(column)}
                    </Typography>
                    <Box component="dd" sx={{ m: 0, minWidth: 0, '& > *': { maxWidth: '100%' } }}>
                      {column.render(row)}
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
            {actions.length > 0 && (
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  justifyContent: 'flex-end',
                  alignItems: 'center',
                  gap: 0.5,
                  mt: 1,
                  pt: 0.5,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                {actions.map((column) => (
                  <Box key={column.id} sx={{ display: 'flex', alignItems: 'center' }}>
                    {column.render(row)}
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
