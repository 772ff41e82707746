import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { LANGUAGES, type EventSummary, type ValidationIssue } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useSelectedDeviceLanguages } from '@/shared/auth/use-selected-device-languages';
import { formatDateTime } from '@/shared/lib/format-date';
import { useAddressRequest } from '@/shared/lib/use-address-param';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { RowAction } from '@/shared/ui/row-action';
import { useUndoAction } from '@/shared/api/undo';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { usePaging } from '@/shared/ui/use-paging';
import {
  useCreateEvent,
  useDeleteEvent,
  useDuplicateEvent,
  useEventOverview,
  useUpdateEvent,
} from '../api/event-api';
import { useRefreshEventManager } from '../api/bulk-api';
import { EventDialog, type EventDialogMode } from '../dialogs/event-dialog';
import { useEventManagerBulk } from './bulk-delete';
import { EventNamingDialog, type EventNaming } from '../dialogs/event-naming-dialog';
import { ResultsDialog } from '../dialogs/results-dialog';
import { hasFlowIssues } from '../lib/flow-form';

type Open =
  | { kind: 'naming' }
  | { kind: 'event'; eventId: number; mode: EventDialogMode; issues?: readonly ValidationIssue[] }
  | { kind: 'results'; event: EventSummary };

/**
 * The device's events: the current one first and highlighted; create (name and languages, then
 * the editor), edit, duplicate, delete, make current or end, control the runs of the current
 * one, and its results. The list is read again after every action.
 */
export function EventsTab({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
  const deviceLanguages = useSelectedDeviceLanguages();
  // A session stored before device lists carried languages: every language may be chosen, none is.
  const offered = deviceLanguages ?? LANGUAGES;
  const overview = useEventOverview(deviceId);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const duplicate = useDuplicateEvent();
  const remove = useDeleteEvent();
  const confirmDelete = useDeleteDialog();
  const paging = usePaging();
  // Each opening mounts its dialog afresh (a new key): it starts from the event, not from last time.
  // The last one stays mounted while it fades out; `shown` names the one that is open.
  const [open, setOpen] = useState<(Open & { key: number }) | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const show = (next: Open) => {
    const key = (open?.key ?? 0) + 1;
    setOpen({ ...next, key });
    setShown(key);
  };
  // Closes that dialog only: the naming dialog closing after it opened the editor leaves the editor open.
  const closer = (key: number) => () => setShown((k) => (k === key ? null : k));

  const events = overview.data?.events ?? [];
  const activeId = overview.data?.active?.id ?? null;
  // The current event leads the list; the others stay newest first.
  const ordered = [...events].sort((a, b) => Number(b.id === activeId) - Number(a.id === activeId));
  const rows = ordered.slice(paging.offset, paging.offset + paging.limit);
  const lastPage = Math.max(0, Math.ceil(ordered.length / paging.pageSize) - 1);
  if (overview.data && paging.page > lastPage) paging.setPage(lastPage);
  const undoAction = useUndoAction();
  const refresh = useRefreshEventManager();
  // The current event stays in a bulk delete (its kiosks play it): it cannot be picked.
  const pickable = (e: EventSummary) => e.id !== activeId;
  const bulk = useEventManagerBulk({
    target: 'event',
    deviceId,
    total: ordered.length,
    pageKeys: rows.filter(pickable).map((e) => e.id),
    confirmDelete,
  });

  // Opened with `?open=<id>` (from search everywhere): that event's editor, once the list has it.
  useAddressRequest('open', overview.data !== undefined, (asked) => {
    const event = overview.data?.events.find((e) => String(e.id) === asked);
    if (event) show({ kind: 'event', eventId: event.id, mode: 'edit' });
    // The snackbar is another component's state: told after this render, not during it.
    else queueMicrotask(() => notify.error(t('events.not_found')));
  });

  const languagesOf = (e: EventSummary) => e.languages.map((l) => t(`languages.${l}`)).join(', ');

  const createEvent = async (naming: EventNaming) => {
    const result = await notify.run(() => create.mutateAsync({ device_id: deviceId, ...naming }), {
      loading: t('common.adding'),
      success: (e) => t('events.created', { title: e.title }),
    });
    if (result.ok) show({ kind: 'event', eventId: result.data.id, mode: 'add' });
    return result.ok;
  };

  const setCurrent = async (event: EventSummary, active: boolean) => {
    const result = await notify.run(
      () => update.mutateAsync({ event_id: event.id, device_id: deviceId, is_active: active }),
      {
        loading: t('common.updating'),
        success: active
          ? t('events.made_current', { title: event.title })
          : t('events.ended', { title: event.title }),
        error: (e) =>
          e instanceof ApiError && e.code === 'validation_error' && hasFlowIssues(e.issues)
            ? t('rules.fields_incompleted')
            : errorMessage(e, t('errors.unknown')),
      },
    );
    // What keeps it from being current: the editor, with every failing field marked.
    if (!result.ok && result.error instanceof ApiError && hasFlowIssues(result.error.issues)) {
      show({ kind: 'event', eventId: event.id, mode: 'edit', issues: result.error.issues });
    }
  };

  const duplicateEvent = (event: EventSummary) =>
    void notify.run(() => duplicate.mutateAsync({ deviceId, eventId: event.id }), {
      loading: t('common.adding'),
      success: (copy) => t('events.duplicated', { title: copy.title }),
    });

  const askDelete = (event: EventSummary) =>
    confirmDelete.ask({
      type: 'event',
      item: event.title,
      run: async () =>
        (
          await notify.run(() => remove.mutateAsync({ deviceId, eventId: event.id }), {
            loading: t('common.deleting'),
            success: t('events.deleted', { title: event.title }),
            action: (ticket) => undoAction(ticket, refresh),
          })
        ).ok,
    });

  const columns: Column<EventSummary>[] = [
    {
      id: 'title',
      header: t('events.columns.title'),
      card: 'title',
      render: (e) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: e.id === activeId ? 600 : 500, overflowWrap: 'anywhere' }}>
            {e.title}
          </Typography>
          {e.id === activeId && (
            <Chip size="small" color="primary" label={t('events.current')} data-testid="event-current" />
          )}
        </Box>
      ),
    },
    { id: 'languages', header: t('events.columns.languages'), render: languagesOf },
    {
      id: 'created',
      header: t('events.columns.created'),
      width: 190,
      render: (e) => formatDateTime(e.created_at, i18n.resolvedLanguage ?? 'en'),
    },
    {
      id: 'complete',
      header: t('events.columns.complete'),
      width: 140,
      render: (e) =>
        e.is_complete ? (
          <Chip
            size="small"
            variant="outlined"
            color="success"
            icon={<CheckCircleOutline />}
            label={t('events.complete')}
          />
        ) : (
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            icon={<ReportProblemOutlined />}
            label={t('events.incomplete')}
          />
        ),
    },
    {
      id: 'actions',
      header: t('events.columns.actions'),
      align: 'right',
      width: 330,
      render: (e) => (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
          {e.id === activeId ? (
            <>
              <Button
                size="small"
                startIcon={<TuneOutlined />}
                onClick={() => show({ kind: 'event', eventId: e.id, mode: 'control' })}
                data-testid={`event-control-${e.id}`}
              >
                {t('events.control')}
              </Button>
              <Button
                size="small"
                color="inherit"
                onClick={() => void setCurrent(e, false)}
                aria-label={`${t('events.end')}: ${e.title}`}
                data-testid={`event-end-${e.id}`}
              >
                {t('events.end')}
              </Button>
            </>
          ) : (
            <Button
              size="small"
              onClick={() => void setCurrent(e, true)}
              aria-label={`${t('events.make_current')}: ${e.title}`}
              data-testid={`event-make-current-${e.id}`}
            >
              {t('events.make_current')}
            </Button>
          )}
          <RowAction
            label={t('events.results.open')}
            item={e.title}
            icon={<InsightsOutlined fontSize="small" />}
            onClick={() => show({ kind: 'results', event: e })}
            testId={`event-results-${e.id}`}
          />
          <RowAction
            label={t('events.edit')}
            item={e.title}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => show({ kind: 'event', eventId: e.id, mode: 'edit' })}
            testId={`event-edit-${e.id}`}
          />
          <RowAction
            label={t('events.duplicate')}
            item={e.title}
            icon={<ContentCopyOutlined fontSize="small" />}
            onClick={() => duplicateEvent(e)}
            testId={`event-duplicate-${e.id}`}
          />
          <RowAction
            label={t('common.delete')}
            item={e.title}
            icon={<DeleteOutlined fontSize="small" />}
            onClick={() => askDelete(e)}
            testId={`event-delete-${e.id}`}
          />
        </Box>
      ),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('events.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => show({ kind: 'naming' })}
          data-testid="add-event"
        >
          {t('events.add')}
        </Button>
      </Box>
      {bulk.bar}
      <DataTable
        ariaLabel={t('events.tabs.events')}
        testId="events-table"
        columns={columns}
        rows={overview.data ? rows : undefined}
        rowKey={(e) => e.id}
        rowTestId={(e) => `event-row-${e.id}`}
        selection={bulk.selection}
        selectable={pickable}
        rowLabel={(e) => e.title}
        selectedKey={activeId}
        total={ordered.length}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        loading={overview.isFetching}
        error={overview.isError ? errorMessage(overview.error, t('errors.unknown')) : null}
        onRetry={() => void overview.refetch()}
        emptyText={t('events.empty')}
      />
      {open?.kind === 'naming' && (
        <EventNamingDialog
          key={open.key}
          open={shown === open.key}
          title={t('events.naming.create_title')}
          initial={{ title: '', languages: [...(deviceLanguages ?? [])] }}
          offered={offered}
          submitLabel={t('common.add')}
          onSubmit={createEvent}
          onClose={closer(open.key)}
        />
      )}
      {open?.kind === 'event' && (
        <EventDialog
          key={open.key}
          open={shown === open.key}
          deviceId={deviceId}
          eventId={open.eventId}
          mode={open.mode}
          initialIssues={open.issues}
          offered={offered}
          onClose={closer(open.key)}
        />
      )}
      {open?.kind === 'results' && (
        <ResultsDialog
          key={open.key}
          open={shown === open.key}
          deviceId={deviceId}
          event={open.event}
          onClose={closer(open.key)}
        />
      )}
      <DeleteDialog {...confirmDelete.dialogProps} />
    </>
  );
}
