import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useTranslation } from 'react-i18next';

export type Column<T> = {
  id: string;
  /** Already translated. */
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * Stays in view at the right edge while a wide table scrolls sideways (row actions). Sticky
   * columns must come last and have a numeric width.
   */
  sticky?: boolean;
};

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
};

/** A server-paged table (limit/offset + total) with loading, empty and error states. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = [10, 25, 50],
  loading = false,
  error,
  onRetry,
  emptyText,
  ariaLabel,
  testId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const firstLoad = rows === undefined && loading;
  const span = columns.length;
  const sticky = stickyStyles(columns);

  let body: ReactNode;
  if (error && !rows?.length) {
    body = (
      <TableRow>
        <TableCell colSpan={span} sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="error" sx={{ mb: onRetry ? 1.5 : 0 }}>
            {error}
          </Typography>
          {onRetry && (
            <Button variant="outlined" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </TableCell>
      </TableRow>
    );
  } else if (firstLoad) {
    body = Array.from({ length: Math.min(pageSize, 5) }, (_, index) => (
      <TableRow key={`skeleton-${index}`}>
        {columns.map((column) => (
          <TableCell key={column.id}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (!rows || rows.length === 0) {
    body = (
      <TableRow>
        <TableCell
          colSpan={span}
          sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}
          data-testid="table-empty"
        >
          {emptyText ?? t('table.empty')}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={rowKey(row)} hover data-testid={rowTestId?.(row)}>
        {columns.map((column) => (
          <TableCell key={column.id} align={column.align} sx={sticky.get(column.id)}>
            {column.render(row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <Paper variant="outlined" data-testid={testId}>
      <Box sx={{ height: 4 }}>
        {loading && !firstLoad && <LinearProgress aria-label={t('common.loading')} />}
      </Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={ariaLabel}
          aria-busy={loading}
          sx={{ '& td, & th': { px: 2 }, '& tbody td': { height: 56 } }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ width: column.width, ...sticky.get(column.id) }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
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
      />
    </Paper>
  );
}
