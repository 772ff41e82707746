import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbUp from '@mui/icons-material/ThumbUp';
import { canOpen, type Conversation, type ConversationSort } from '@ambassador/contracts';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { formatDateTime } from '@/shared/lib/format-date';
import { browserTimeZone } from '@/shared/lib/day-range';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { PageHeader } from '@/shared/ui/page-header';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useExportConversations } from '../api/export-conversations';
import { useConversations } from '../api/get-conversations';
import { useUpdateBookmark } from '../api/update-bookmark';
import { BookmarkButton } from '../components/bookmark-button';
import { ConversationFiltersBar } from '../components/conversation-filters';
import { TruncatedText } from '../components/truncated-text';
import { CategoryFilterDialog } from '../dialogs/category-filter-dialog';
import { TrainConversationDialog } from '../dialogs/train-conversation-dialog';
import {
  PAGE_SIZES,
  isNarrowed,
  listQuery,
  readFilters,
  writeFilters,
  type FilterPatch,
} from '../lib/filters';
import { formatResponseTime, formatScore } from '../lib/format';

type TrainState = { key: number; open: boolean; row: Conversation | null };

/** Conversation Review (/conversation): what visitors asked, what the assistant answered. */
export function ConversationPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, {
    deviceIds: auth.device_list.map((d) => d.id),
    selectedDevice: auth.selected_device,
  });
  const tz = browserTimeZone();
  const list = useConversations(listQuery(filters, tz));
  const updateBookmark = useUpdateBookmark();
  const exportList = useExportConversations();
  const [savingBookmarks, setSavingBookmarks] = useState<ReadonlySet<number>>(new Set());
  const [categoryDialog, setCategoryDialog] = useState({ key: 0, open: false });
  const [train, setTrain] = useState<TrainState>({ key: 0, open: false, row: null });
  const mayTrain = canOpen(auth.page_access, '/ai');

  const setFilters = (patch: FilterPatch, options?: { replace?: boolean }) =>
    setParams((current) => writeFilters(current, patch), options);

  // A page past the end (rows went away, or an old link): show the last page there is.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / filters.pageSize) - 1);
  const pastTheEnd = Boolean(list.data && !list.isPlaceholderData && filters.page > lastPage);
  useEffect(() => {
    if (pastTheEnd) setParams((current) => writeFilters(current, { page: lastPage }), { replace: true });
  }, [pastTheEnd, lastPage, setParams]);

  const clearFilters = () =>
    setParams((current) => {
      // Sorting and page size are how the operator reads the list, not what it holds: they stay.
      const next = new URLSearchParams();
      for (const name of ['sort', 'order', 'size']) {
        const value = current.get(name);
        if (value !== null) next.set(name, value);
      }
      return next;
    });

  const toggleBookmark = async (row: Conversation) => {
    if (savingBookmarks.has(row.id)) return;
    setSavingBookmarks((ids) => new Set(ids).add(row.id));
    try {
      await updateBookmark.mutateAsync({ id: row.id, device_id: row.device_id, bookmarked: !row.bookmarked });
    } catch (error) {
      // The star is already back where it was; say why.
      notify.error(errorMessage(error, t('conversations.bookmark.failed')));
    } finally {
      setSavingBookmarks((ids) => {
        const next = new Set(ids);
        next.delete(row.id);
        return next;
      });
    }
  };

  const runExport = () => {
    if (exportList.isPending || filters.deviceIds.length === 0) return;
    void notify.run(() => exportList.mutateAsync({ filters, tz }), {
      loading: t('conversations.export.exporting'),
      success: ({ filename }) => t('conversations.export.done', { filename }),
      error: (e) => errorMessage(e, t('conversations.export.failed')),
    });
  };

  const sortHeader = (by: ConversationSort, label: string) => (
    <TableSortLabel
      active={filters.sort === by}
      direction={filters.sort === by ? filters.order : 'asc'}
      onClick={() =>
        setFilters(
          filters.sort === by
            ? { sort: by, order: filters.order === 'asc' ? 'desc' : 'asc' }
            : { sort: by, order: by === 'datetime' ? 'desc' : 'asc' },
        )
      }
      data-testid={`conversation-sort-${by}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </TableSortLabel>
  );

  const columns: Column<Conversation>[] = [
    {
      id: 'datetime',
      header: sortHeader('datetime', t('conversations.columns.date')),
      render: (row) => (
        // Wraps to date and time on two lines: the table has twelve columns to fit.
        <Typography variant="body2" sx={{ minWidth: 110, maxWidth: 124 }}>
          {formatDateTime(row.datetime, language)}
        </Typography>
      ),
    },
    {
      id: 'acquire',
      header: sortHeader('acquire', t('conversations.columns.acquire')),
      render: (row) => (
        <TruncatedText text={row.acquire} maxWidth={200} testId={`conversation-acquire-${row.id}`} />
      ),
    },
    {
      id: 'reply',
      header: sortHeader('reply', t('conversations.columns.reply')),
      render: (row) => <TruncatedText text={row.reply} maxWidth={200} />,
    },
    {
      id: 'intent',
      header: sortHeader('intent', t('conversations.columns.intent')),
      render: (row) => (
        <Box sx={{ minWidth: 0 }}>
          <TruncatedText text={row.intent_identified} maxWidth={160} />
          {row.trained_intent && (
            <Tooltip title={t('conversations.train.trained_tooltip', { name: row.trained_intent.name })}>
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<SchoolOutlined />}
                label={t('conversations.train.trained_to', { name: row.trained_intent.name })}
                data-testid={`conversation-trained-${row.id}`}
                sx={{ mt: 0.5, maxWidth: 160 }}
              />
            </Tooltip>
          )}
        </Box>
      ),
    },
    {
      id: 'category',
      header: sortHeader('category', t('conversations.columns.category')),
      render: (row) => <TruncatedText text={row.category} maxWidth={120} />,
    },
    {
      id: 'response_time',
      header: sortHeader('response_time', t('conversations.columns.response_time')),
      align: 'right',
      render: (row) => (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatResponseTime(row.response_time, language)}
        </Typography>
      ),
    },
    {
      id: 'score',
      header: sortHeader('score', t('conversations.columns.score')),
      align: 'right',
      render: (row) => (
        <Typography
          variant="body2"
          color={row.score === null ? 'text.disabled' : 'text.primary'}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatScore(row.score, language)}
        </Typography>
      ),
    },
    {
      id: 'status',
      header: sortHeader('status', t('conversations.columns.status')),
      render: (row) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.status === 'answered' ? 'success' : 'warning'}
          label={t(`conversations.status.${row.status}`)}
          data-testid={`conversation-status-${row.id}`}
        />
      ),
    },
    {
      id: 'device',
      header: sortHeader('device', t('conversations.columns.device')),
      render: (row) => <TruncatedText text={row.device_name} maxWidth={110} />,
    },
    {
      id: 'rating',
      header: sortHeader('rating', t('conversations.columns.rating')),
      align: 'center',
      render: (row) =>
        row.rating === null ? (
          <Typography variant="body2" color="text.disabled">
            —
          </Typography>
        ) : (
          <Tooltip title={row.rating === 1 ? t('conversations.rating.up') : t('conversations.rating.down')}>
            {row.rating === 1 ? (
              <ThumbUp
                fontSize="small"
                color="success"
                aria-label={t('conversations.rating.up')}
                data-testid={`conversation-rating-${row.id}`}
              />
            ) : (
              <ThumbDown
                fontSize="small"
                color="error"
                aria-label={t('conversations.rating.down')}
                data-testid={`conversation-rating-${row.id}`}
              />
            )}
          </Tooltip>
        ),
    },
    {
      id: 'comment',
      header: t('conversations.columns.comment'),
      render: (row) => <TruncatedText text={row.comment} maxWidth={140} />,
    },
    {
      id: 'bookmark',
      header: t('conversations.columns.bookmark'),
      align: 'center',
      // The star and Train stay in view however far the columns scroll.
      sticky: true,
      width: 104,
      render: (row) => (
        <BookmarkButton
          bookmarked={row.bookmarked}
          pending={savingBookmarks.has(row.id)}
          onToggle={() => void toggleBookmark(row)}
          testId={`conversation-bookmark-${row.id}`}
        />
      ),
    },
    {
      id: 'actions',
      header: t('conversations.columns.actions'),
      align: 'center',
      sticky: true,
      width: 88,
      render: (row) => (
        <RowAction
          label={t('conversations.train.action')}
          item={row.acquire}
          icon={<SchoolOutlined fontSize="small" />}
          onClick={() => setTrain((s) => ({ key: s.key + 1, open: true, row }))}
          {...(!mayTrain && { disabledReason: t('conversations.train.no_access') })}
          testId={`conversation-train-${row.id}`}
        />
      ),
    },
  ];

  const noDevice = filters.deviceIds.length === 0;
  return (
    <Box data-testid="conversation-page">
      <PageHeader
        title={t('screens.conversation')}
        actions={
          <Button
            variant="outlined"
            startIcon={
              exportList.isPending ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />
            }
            onClick={runExport}
            disabled={noDevice || exportList.isPending}
            data-testid="conversation-export"
          >
            {t('conversations.export.button')}
          </Button>
        }
      />
      <ConversationFiltersBar
        filters={filters}
        devices={auth.device_list}
        onChange={setFilters}
        onOpenCategories={() => setCategoryDialog((d) => ({ key: d.key + 1, open: true }))}
        onClear={isNarrowed(params) ? clearFilters : undefined}
      />
      <DataTable
        ariaLabel={t('screens.conversation')}
        testId="conversations-table"
        columns={columns}
        rows={noDevice ? [] : list.data?.rows}
        rowKey={(row) => row.id}
        rowTestId={(row) => `conversation-row-${row.id}`}
        total={total}
        page={filters.page}
        pageSize={filters.pageSize}
        pageSizeOptions={PAGE_SIZES}
        onPageChange={(page) => setFilters({ page })}
        onPageSizeChange={(pageSize) => setFilters({ pageSize })}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error, t('errors.unknown')) : null}
        onRetry={() => void list.refetch()}
        emptyText={
          noDevice
            ? t('conversations.empty_no_device')
            : isNarrowed(params) || filters.search
              ? t('conversations.empty_filtered')
              : t('conversations.empty')
        }
      />
      {categoryDialog.key > 0 && (
        <CategoryFilterDialog
          key={categoryDialog.key}
          open={categoryDialog.open}
          deviceIds={filters.deviceIds}
          selected={filters.categories}
          exclude={filters.exclude}
          onApply={(choice) => setFilters(choice)}
          onClose={() => setCategoryDialog((d) => ({ ...d, open: false }))}
        />
      )}
      {train.row && (
        <TrainConversationDialog
          key={train.key}
          open={train.open}
          conversation={train.row}
          onClose={() => setTrain((s) => ({ ...s, open: false }))}
        />
      )}
    </Box>
  );
}
