import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import CancelIcon from '@mui/icons-material/Cancel';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Star from '@mui/icons-material/Star';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbUp from '@mui/icons-material/ThumbUp';
import { canOpen, type Conversation, type ConversationSort } from '@ambassador/contracts';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';
import { browserTimeZone } from '@/shared/lib/day-range';
import { ColumnChooser, useColumnChoice } from '@/shared/ui/column-chooser';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { PageHeader } from '@/shared/ui/page-header';
import { RowAction } from '@/shared/ui/row-action';
import { visuallyHidden } from '@/shared/ui/visually-hidden';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useExportConversations } from '../api/export-conversations';
import { useConversations } from '../api/get-conversations';
import { useUpdateBookmark } from '../api/update-bookmark';
import { BookmarkButton } from '../components/bookmark-button';
import { ConversationDetail } from '../components/conversation-detail';
import { ConversationFiltersBar } from '../components/conversation-filters';
import { FallbackGroupsView } from '../components/fallback-groups';
import { TeachCandidateButton, canTeach } from '../components/teach-candidate-button';
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
import { Spinner } from '@/shared/ui/spinner';

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
  /** The conversation open in the detail panel (as it was clicked; the table's copy is fresher). */
  const [detail, setDetail] = useState<Conversation | null>(null);
  const mayTrain = canOpen(auth.page_access, '/ai');
  /** The log as a table, or what fell back grouped by meaning (?view=groups). */
  const view = params.get('view') === 'groups' ? 'groups' : 'list';
  const setView = (next: 'list' | 'groups') =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next === 'groups') out.set('view', 'groups');
      else out.delete('view');
      return out;
    });

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
      // The star moved at once; the notice says it is saved, as every other change does.
      notify.success(
        row.bookmarked ? t('conversations.bookmark.removed') : t('conversations.bookmark.added'),
      );
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
      sx={{
        whiteSpace: 'nowrap',
        maxWidth: '100%',
        // The arrow takes room only when sorted, hovered or focused: narrow columns keep their name.
        '&:not(.Mui-active):not(:hover):not(:focus-visible) .MuiTableSortLabel-icon': { display: 'none' },
      }}
    >
      {/* A header wider than its column ends in an ellipsis, the arrow still beside it. */}
      <Box component="span" title={label} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
        {label}
      </Box>
    </TableSortLabel>
  );

  const trainDisabledReason = mayTrain ? undefined : t('conversations.train.no_access');
  const openTrain = (row: Conversation) => setTrain((s) => ({ key: s.key + 1, open: true, row }));

  // Widths fit the table in 1440 px with both side bars open (about 820 px): the question and the
  // answer share what is left, two lines each, in full in the detail panel. The rest is a column
  // the operator can choose.
  const columns: Column<Conversation>[] = [
    {
      id: 'datetime',
      label: t('conversations.columns.date'),
      header: sortHeader('datetime', t('conversations.columns.date')),
      width: 92,
      render: (row) => <DateTwoLines value={row.datetime} language={language} />,
    },
    {
      id: 'acquire',
      label: t('conversations.columns.acquire'),
      header: sortHeader('acquire', t('conversations.columns.acquire')),
      minWidth: 96,
      card: 'title',
      hideable: false,
      render: (row) => (
        <TruncatedText text={row.acquire} lines={2} testId={`conversation-acquire-${row.id}`} />
      ),
    },
    {
      id: 'reply',
      label: t('conversations.columns.reply'),
      header: sortHeader('reply', t('conversations.columns.reply')),
      minWidth: 96,
      render: (row) => <TruncatedText text={row.reply} lines={2} />,
    },
    {
      id: 'intent',
      label: t('conversations.columns.intent'),
      header: sortHeader('intent', t('conversations.columns.intent')),
      width: 112,
      render: (row) => (
        <Box sx={{ minWidth: 0 }}>
          {/* A fallback near a topic names that topic instead of "—". */}
          {(row.intent_identified !== null || row.status !== 'fallback' || !row.candidate) && (
            <TruncatedText text={row.intent_identified} />
          )}
          {row.status === 'fallback' && row.candidate && (
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid={`conversation-candidate-${row.id}`}
            >
              {t('conversations.candidate.closest', { name: row.candidate.name })}
            </Typography>
          )}
          {mayTrain && !row.trained_intent && canTeach(row) && (
            <TeachCandidateButton row={row} compact testId={`conversation-teach-${row.id}`} />
          )}
          {row.trained_intent && (
            <Tooltip title={t('conversations.train.trained_tooltip', { name: row.trained_intent.name })}>
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<SchoolOutlined />}
                label={t('conversations.train.trained_to', { name: row.trained_intent.name })}
                data-testid={`conversation-trained-${row.id}`}
                sx={{ mt: 0.5, maxWidth: '100%' }}
              />
            </Tooltip>
          )}
        </Box>
      ),
    },
    {
      id: 'category',
      label: t('conversations.columns.category'),
      header: sortHeader('category', t('conversations.columns.category')),
      width: 112,
      defaultHidden: true,
      render: (row) => <TruncatedText text={row.category} />,
    },
    {
      id: 'response_time',
      label: t('conversations.columns.response_time'),
      header: sortHeader('response_time', t('conversations.columns.response_time')),
      width: 112,
      align: 'right',
      defaultHidden: true,
      render: (row) => (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatResponseTime(row.response_time, language)}
        </Typography>
      ),
    },
    {
      id: 'score',
      label: t('conversations.columns.score'),
      header: sortHeader('score', t('conversations.columns.score')),
      width: 64,
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
      label: t('conversations.columns.status'),
      header: sortHeader('status', t('conversations.columns.status')),
      width: 96,
      render: (row) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.status === 'fallback' || row.status === 'declined' ? 'warning' : 'success'}
          label={t(`conversations.status.${row.status}`)}
          data-testid={`conversation-status-${row.id}`}
          sx={{ maxWidth: '100%' }}
        />
      ),
    },
    {
      id: 'device',
      label: t('conversations.columns.device'),
      header: sortHeader('device', t('conversations.columns.device')),
      width: 120,
      defaultHidden: true,
      render: (row) => <TruncatedText text={row.device_name} />,
    },
    {
      id: 'rating',
      label: t('conversations.columns.rating'),
      header: sortHeader('rating', t('conversations.columns.rating')),
      width: 72,
      align: 'center',
      render: (row) => <RatingCell row={row} />,
    },
    {
      id: 'comment',
      label: t('conversations.columns.comment'),
      header: t('conversations.columns.comment'),
      minWidth: 100,
      defaultHidden: true,
      render: (row) => <TruncatedText text={row.comment} lines={2} />,
    },
    {
      id: 'bookmark',
      label: t('conversations.columns.bookmark'),
      header: (
        // The star is drawn; the column's name is read (a header cell with no text names nothing).
        <Tooltip title={t('conversations.columns.bookmark')} describeChild>
          <Box component="span" sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
            <Star fontSize="small" color="action" />
            <Box component="span" sx={visuallyHidden}>
              {t('conversations.columns.bookmark')}
            </Box>
          </Box>
        </Tooltip>
      ),
      align: 'center',
      // The star (and Train, when shown) stay in view when chosen columns make the table scroll.
      sticky: true,
      width: 48,
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
      label: t('conversations.train.action'),
      header: t('conversations.train.action'),
      align: 'center',
      sticky: true,
      width: 64,
      // Train is in the detail panel; the column is for those who train many rows in a row.
      defaultHidden: true,
      render: (row) => (
        <RowAction
          label={t('conversations.train.action')}
          item={row.acquire}
          icon={<SchoolOutlined fontSize="small" />}
          onClick={() => openTrain(row)}
          {...(trainDisabledReason && { disabledReason: trainDisabledReason })}
          testId={`conversation-train-${row.id}`}
        />
      ),
    },
  ];
  const shown = useColumnChoice('/conversation', columns);
  const detailRow = detail && (list.data?.rows.find((row) => row.id === detail.id) ?? detail);

  const noDevice = filters.deviceIds.length === 0;
  return (
    <Box data-testid="conversation-page">
      <PageHeader
        title={t('screens.conversation')}
        actions={
          // Columns and the export are the table's.
          view === 'list' && (
            <>
              <ColumnChooser choice={shown} testId="conversation-columns" />
              <Button
                variant="outlined"
                startIcon={
                  exportList.isPending ? <Spinner size={16} color="inherit" /> : <FileDownloadOutlined />
                }
                onClick={runExport}
                disabled={noDevice || exportList.isPending}
                data-testid="conversation-export"
              >
                {t('conversations.export.button')}
              </Button>
            </>
          )
        }
      />
      <Tabs
        value={view}
        onChange={(_, next: 'list' | 'groups') => setView(next)}
        aria-label={t('conversations.groups.views')}
        sx={{ mb: 1 }}
      >
        <Tab value="list" label={t('conversations.groups.view_list')} data-testid="conversation-view-list" />
        <Tab
          value="groups"
          label={t('conversations.groups.view_groups')}
          data-testid="conversation-view-groups"
        />
      </Tabs>
      <ConversationFiltersBar
        filters={filters}
        devices={auth.device_list}
        onChange={setFilters}
        onOpenCategories={() => setCategoryDialog((d) => ({ key: d.key + 1, open: true }))}
        onClear={isNarrowed(params) ? clearFilters : undefined}
        rangeAndDevicesOnly={view === 'groups'}
      />
      {filters.answeredBy && view === 'list' && (
        <Chip
          sx={{ mb: 1.5, maxWidth: '100%' }}
          color="primary"
          variant="outlined"
          label={t(`conversations.answered_by.${filters.answeredBy.kind}`, {
            name: filters.answeredBy.name || `#${filters.answeredBy.id}`,
          })}
          onDelete={() => setFilters({ answeredBy: null })}
          deleteIcon={<CancelIcon aria-label={t('conversations.answered_by.remove')} role="button" />}
          data-testid="conversation-answered-by"
        />
      )}
      {view === 'groups' ? (
        <FallbackGroupsView
          deviceIds={filters.deviceIds}
          range={filters.range}
          tz={tz}
          createDisabledReason={trainDisabledReason}
        />
      ) : (
        <DataTable
          ariaLabel={t('screens.conversation')}
          testId="conversations-table"
          columns={shown.visible}
          fit
          onRowClick={setDetail}
          selectedKey={detail?.id ?? null}
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
      )}
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
      <ConversationDetail
        conversation={detailRow}
        onClose={() => setDetail(null)}
        onShow={setDetail}
        bookmarkPending={detailRow ? savingBookmarks.has(detailRow.id) : false}
        onToggleBookmark={(row) => void toggleBookmark(row)}
        onTrain={openTrain}
        {...(trainDisabledReason && { trainDisabledReason })}
      />
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

/** Thumb up or down, and a speech bubble when the visitor also left a comment (in its tooltip). */
function RatingCell({ row }: { row: Conversation }) {
  const { t } = useTranslation();
  const comment = row.comment.trim();
  const thumb =
    row.rating === null ? (
      <Typography variant="body2" color="text.disabled" component="span">
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
    );
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {thumb}
      {comment && (
        <Tooltip title={comment} slotProps={{ tooltip: { sx: { whiteSpace: 'pre-wrap', maxWidth: 420 } } }}>
          <ChatBubbleOutline
            fontSize="small"
            color="action"
            aria-label={`${t('conversations.columns.comment')}: ${comment}`}
            data-testid={`conversation-comment-${row.id}`}
          />
        </Tooltip>
      )}
    </Box>
  );
}

/** The day on one line, the time under it: two short lines fit a narrow column. */
function DateTwoLines({ value, language }: { value: string; language: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <Typography variant="body2">{value}</Typography>;
  const tag = isUiLanguage(language) ? UI_LANGUAGE_TAGS[language] : 'en';
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }}
    >
      {/* Numeric (11/24/2026, 2026/11/24): the long forms take two lines of a narrow column. */}
      {new Intl.DateTimeFormat(tag, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {new Intl.DateTimeFormat(tag, { timeStyle: 'short' }).format(date)}
      </Box>
    </Typography>
  );
}
