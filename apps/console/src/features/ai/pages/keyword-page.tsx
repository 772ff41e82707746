import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SettingsSuggestOutlined from '@mui/icons-material/SettingsSuggestOutlined';
import type { BulkResult, Topic, TopicBulkAction } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { PageHeader } from '@/shared/ui/page-header';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { usePaging } from '@/shared/ui/use-paging';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { MatcherStatusChip } from '@/features/ai/answering/components/matcher-status-chip';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import { useDeleteTopic } from '@/features/ai/topics/api/delete-topic';
import { useCategories } from '@/features/ai/topics/api/get-categories';
import { useTopics } from '@/features/ai/topics/api/get-topics';
import { useUpdateTopic } from '@/features/ai/topics/api/update-topic';
import { AsyncSwitch } from '@/shared/ui/async-switch';
import { TopicDialog, topicPath } from '@/features/ai/topics/dialogs/topic-dialog';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useSelection } from '@/shared/lib/use-selection';
import { useUndoAction } from '@/shared/api/undo';
import { BulkBar } from '@/shared/ui/bulk-bar';
import { useBulkTopics, useRefreshTopics } from '@/features/ai/topics/api/bulk-topics';
import { useExportTopics } from '@/features/ai/exchange/api/export-topics';
import { MoveTopicsDialog } from '@/features/ai/topics/dialogs/move-topics-dialog';

/** The search box waits this long after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

type SortBy = 'name' | 'category' | 'remarks' | 'is_activated' | 'created_at';
type Sort = { by: SortBy; order: 'asc' | 'desc' };
type DialogState = { key: number; open: boolean; topic?: Topic };

/** Keyword Data (/ai/keyword): the question topics of the device. */
export function KeywordPage() {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const [params, setParams] = useSearchParams();
  const paging = usePaging();
  const [searchInput, setSearchInput] = useState(() => params.get('q') ?? '');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<Sort>({ by: 'created_at', order: 'desc' });
  const categoryParam = Number(params.get('category'));
  const categoryId = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : undefined;
  const filterCategory = categoryId !== undefined ? { category_id: categoryId } : {};
  const categories = useCategories();
  const category = categories.data?.find((c) => c.category_id === categoryId);

  // A new search, category or device starts again at page 1.
  const filterKey = `${search}|${categoryId ?? ''}|${deviceId ?? ''}`;
  const [seenFilter, setSeenFilter] = useState(filterKey);
  if (filterKey !== seenFilter) {
    setSeenFilter(filterKey);
    paging.setPage(0);
  }
  // The search stays in the address, so Back from a topic returns to the same results.
  useEffect(() => {
    setParams(
      (current) => {
        if ((current.get('q') ?? '') === search) return current;
        const next = new URLSearchParams(current);
        if (search) next.set('q', search);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [search, setParams]);

  const topics = useTopics({
    limit: paging.limit,
    offset: paging.offset,
    ...(search && { search }),
    ...(categoryId !== undefined && { category_id: categoryId }),
    sort_by: sort.by,
    order: sort.order,
  });
  const updateTopic = useUpdateTopic();
  const deleteTopic = useDeleteTopic();
  const bulkTopics = useBulkTopics();
  const exportTopics = useExportTopics();
  const undoAction = useUndoAction();
  const refreshTopics = useRefreshTopics();
  const confirmDelete = useDeleteDialog();
  const [dialog, setDialog] = useState<DialogState>({ key: 0, open: false });
  // What a bulk action takes: rows picked on any page, or all the filter matches.
  const selection = useSelection<number>(filterKey);
  const [moveDialog, setMoveDialog] = useState({ key: 0, open: false });

  const total = topics.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / paging.pageSize) - 1);
  if (topics.data && !topics.isPlaceholderData && paging.page > lastPage) paging.setPage(lastPage);

  const openDialog = (topic?: Topic) =>
    setDialog((d) => ({ key: d.key + 1, open: true, ...(topic && { topic }) }));

  const toggleActive = async (topic: Topic, next: boolean) => {
    const result = await notify.run(() => updateTopic.mutateAsync({ id: topic.id, is_activated: next }), {
      loading: t('common.updating'),
      success: next ? t('topics.activated') : t('topics.deactivated'),
      error: (e) => aiErrorMessage(e, t),
    });
    return result.ok;
  };

  const askDelete = (topic: Topic) =>
    confirmDelete.ask({
      type: 'question',
      item: topic.intent_name,
      run: async () => {
        const result = await notify.run(() => deleteTopic.mutateAsync(topic.id), {
          loading: t('common.deleting'),
          success: t('topics.deleted'),
          error: (e) => aiErrorMessage(e, t),
          action: (ticket) => undoAction(ticket, refreshTopics),
        });
        return result.ok;
      },
    });

  const picked = selection.count(total);
  const bulkSelection = () =>
    selection.all
      ? { all: true as const, filter: { ...(search && { search }), ...filterCategory } }
      : { ids: [...selection.keys] };
  const bulkDone = (action: TopicBulkAction, result: BulkResult) => {
    const key = (
      { activate: 'activated', deactivate: 'deactivated', move: 'moved', delete: 'deleted' } as const
    )[action];
    const done = t(`topics.bulk.${key}`, { count: result.count });
    return result.skipped > 0 ? `${done}. ${t('topics.bulk.skipped', { count: result.skipped })}` : done;
  };
  const runBulk = async (action: TopicBulkAction, target?: number) => {
    const result = await notify.run(
      () =>
        bulkTopics.mutateAsync({
          action,
          ...(target !== undefined && { category_id: target }),
          selection: bulkSelection(),
        }),
      {
        loading: t('topics.bulk.working', { count: picked }),
        success: (done) => bulkDone(action, done),
        error: (e) => aiErrorMessage(e, t),
        action: (done) => undoAction(done.undo, refreshTopics),
      },
    );
    if (result.ok) selection.clear();
    return result.ok;
  };
  const exportPicked = () => {
    if (deviceId === null) return;
    void notify.run(
      () => exportTopics.mutateAsync({ deviceId, format: 'xlsx', selection: bulkSelection() }),
      {
        loading: t('topics.bulk.exporting', { count: picked }),
        success: t('topics.bulk.exported', { count: picked }),
        error: (e) => aiErrorMessage(e, t),
      },
    );
  };
  const askBulkDelete = () =>
    confirmDelete.ask({ type: 'question', count: picked, run: () => runBulk('delete') });
  const pageKeys = topics.data?.topics.map((topic) => topic.id) ?? [];

  const sortHeader = (by: SortBy, label: string) => (
    <TableSortLabel
      active={sort.by === by}
      direction={sort.by === by ? sort.order : 'asc'}
      onClick={() =>
        setSort((s) =>
          s.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' },
        )
      }
      data-testid={`topic-sort-${by}`}
    >
      {label}
    </TableSortLabel>
  );

  const columns: Column<Topic>[] = [
    {
      id: 'active',
      label: t('topics.columns.active'),
      header: sortHeader('is_activated', t('topics.columns.active')),
      width: 110,
      render: (topic) => (
        <AsyncSwitch
          checked={topic.is_activated}
          onChange={(next) => toggleActive(topic, next)}
          label={t('topics.active_label', { name: topic.intent_name })}
          testId={`topic-active-${topic.id}`}
        />
      ),
    },
    {
      id: 'topic',
      label: t('topics.columns.topic'),
      card: 'title',
      header: sortHeader('name', t('topics.columns.topic')),
      render: (topic) => (
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={topicPath(topic.id)}
            underline="hover"
            sx={{ fontWeight: 500 }}
            data-testid={`topic-link-${topic.id}`}
          >
            {topic.intent_name}
          </Link>
          {topic.parent_id !== null && topic.parent_name && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('topics.sub_topic_of', { parent: topic.parent_name })}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'category',
      label: t('topics.columns.category'),
      header: sortHeader('category', t('topics.columns.category')),
      width: 200,
      render: (topic) => (
        <Link
          component={RouterLink}
          to={`/ai/keyword?category=${topic.category_id}`}
          underline="hover"
          color="inherit"
          variant="body2"
        >
          {topic.category_name}
        </Link>
      ),
    },
    {
      id: 'remarks',
      label: t('topics.columns.remarks'),
      header: sortHeader('remarks', t('topics.columns.remarks')),
      render: (topic) => (
        <Typography
          variant="body2"
          color="text.secondary"
          title={topic.remarks}
          sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {topic.remarks}
        </Typography>
      ),
    },
    {
      id: 'actions',
      header: t('topics.columns.actions'),
      align: 'right',
      width: 110,
      render: (topic) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction
            label={t('topics.edit')}
            item={topic.intent_name}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => openDialog(topic)}
            testId={`topic-edit-${topic.id}`}
          />
          <RowAction
            label={t('common.delete')}
            item={topic.intent_name}
            icon={<DeleteOutlined fontSize="small" />}
            onClick={() => askDelete(topic)}
            testId={`topic-delete-${topic.id}`}
          />
        </Box>
      ),
    },
  ];

  const clearCategory = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('category');
      return next;
    });

  return (
    <>
      <PageHeader
        title={t('screens.ai_keyword')}
        breadcrumbs={[{ label: t('nav.ai'), to: '/ai' }, { label: t('screens.ai_keyword') }]}
        actions={
          <>
            <MatcherStatusChip />
            <Button
              component={RouterLink}
              to="/ai"
              startIcon={<SettingsSuggestOutlined />}
              data-testid="topic-ai-link"
            >
              {t('topics.open_ai')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => openDialog()}
              data-testid="topic-add"
            >
              {t('topics.add')}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          placeholder={t('topics.search')}
          sx={{ width: 320, maxWidth: '100%' }}
          slotProps={{
            htmlInput: { 'data-testid': 'topic-search', 'aria-label': t('topics.search'), maxLength: 120 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {categoryId !== undefined && (
          <Chip
            label={t('topics.category_filter', { name: category?.category_name ?? `#${categoryId}` })}
            onDelete={clearCategory}
            data-testid="topic-category-filter"
          />
        )}
      </Box>
      <BulkBar
        selection={selection}
        total={total}
        pageSelected={pageKeys.length > 0 && pageKeys.every((id) => selection.isSelected(id))}
        testId="topics-bulk"
      >
        <Button size="small" onClick={() => void runBulk('activate')} data-testid="topics-bulk-activate">
          {t('topics.bulk.activate')}
        </Button>
        <Button size="small" onClick={() => void runBulk('deactivate')} data-testid="topics-bulk-deactivate">
          {t('topics.bulk.deactivate')}
        </Button>
        <Button
          size="small"
          onClick={() => setMoveDialog((d) => ({ key: d.key + 1, open: true }))}
          data-testid="topics-bulk-move"
        >
          {t('topics.bulk.move')}
        </Button>
        <Button
          size="small"
          onClick={exportPicked}
          disabled={exportTopics.isPending}
          data-testid="topics-bulk-export"
        >
          {t('topics.bulk.export')}
        </Button>
        <Button size="small" color="error" onClick={askBulkDelete} data-testid="topics-bulk-delete">
          {t('topics.bulk.delete')}
        </Button>
      </BulkBar>
      <DataTable
        ariaLabel={t('screens.ai_keyword')}
        testId="topics-table"
        columns={columns}
        rows={topics.data?.topics}
        rowKey={(topic) => topic.id}
        rowTestId={(topic) => `topic-row-${topic.id}`}
        selection={selection}
        rowLabel={(topic) => topic.intent_name}
        total={total}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        loading={topics.isFetching}
        error={topics.isError ? aiErrorMessage(topics.error, t) : null}
        onRetry={() => void topics.refetch()}
        emptyText={search ? t('topics.empty_search', { search }) : t('topics.empty')}
      />
      <TopicDialog
        key={dialog.key}
        open={dialog.open}
        {...(dialog.topic && { topic: dialog.topic })}
        {...(categoryId !== undefined && { defaultCategoryId: categoryId })}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <MoveTopicsDialog
        key={moveDialog.key}
        open={moveDialog.open}
        count={picked}
        onClose={() => setMoveDialog((d) => ({ ...d, open: false }))}
        onMove={(id) => runBulk('move', id)}
      />
      <DeleteDialog {...confirmDelete.dialogProps} />
    </>
  );
}
