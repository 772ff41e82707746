import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import type { QuizSummary } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { RowAction } from '@/shared/ui/row-action';
import { useUndoAction } from '@/shared/api/undo';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { usePaging } from '@/shared/ui/use-paging';
import { useRefreshEventManager } from '../api/bulk-api';
import { useDeleteQuiz, useDuplicateQuiz, useQuizzes } from '../api/quiz-api';
import { useEventManagerBulk } from '../components/bulk-delete';
import { QuizDetail } from './components/quiz-detail';
import { QuizDialog } from './dialogs/quiz-dialog';
import { QuizResultsDialog } from './dialogs/quiz-results-dialog';
import { eventList } from './lib/event-list';

type DialogState = { key: number; open: boolean; quiz: QuizSummary | null };

/**
 * The device's quiz library (the Event Manager's "Quiz library" tab): its quizzes with their
 * languages, questions, the events that play them and the languages they are ready in; add, rename
 * or change languages, duplicate, delete (refused, naming them, while events use it). Choosing a
 * quiz opens its detail below the list.
 */
export function QuizLibrary({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const quizzes = useQuizzes(deviceId);
  const duplicate = useDuplicateQuiz();
  const remove = useDeleteQuiz();
  const confirmDelete = useDeleteDialog();
  const paging = usePaging();
  const [dialog, setDialog] = useState<DialogState>({ key: 0, open: false, quiz: null });
  const [resultsOf, setResultsOf] = useState<DialogState>({ key: 0, open: false, quiz: null });
  // The quiz whose detail is open, for this device only.
  const [selected, setSelected] = useState<{ deviceId: number; quizId: number } | null>(null);
  const list = quizzes.data ?? [];
  const selectedId =
    selected?.deviceId === deviceId && list.some((q) => q.quiz_id === selected.quizId)
      ? selected.quizId
      : null;
  const rows = list.slice(paging.offset, paging.offset + paging.limit);
  const undoAction = useUndoAction();
  const refresh = useRefreshEventManager();
  // A quiz an event plays stays in a bulk delete: it cannot be picked.
  const pickable = (quiz: QuizSummary) => quiz.used_by.length === 0;
  const bulk = useEventManagerBulk({
    target: 'quiz',
    deviceId,
    total: list.length,
    pageKeys: rows.filter(pickable).map((quiz) => quiz.quiz_id),
    confirmDelete,
  });

  const select = (quizId: number | null) => setSelected(quizId === null ? null : { deviceId, quizId });
  const openDialog = (quiz: QuizSummary | null) => setDialog((d) => ({ key: d.key + 1, open: true, quiz }));
  const openResults = (quiz: QuizSummary) => setResultsOf((d) => ({ key: d.key + 1, open: true, quiz }));
  const names = (languages: readonly string[]) =>
    languages
      .map((l) => t(`languages.${l as QuizSummary['languages'][number]}`))
      .join(t('events.quiz.list_separator'));

  const runDuplicate = async (quiz: QuizSummary) => {
    const result = await notify.run(() => duplicate.mutateAsync({ deviceId, quizId: quiz.quiz_id }), {
      loading: t('events.quiz.duplicating'),
      success: (copy) => t('events.quiz.duplicated', { name: copy.quiz_name }),
    });
    if (result.ok) select(result.data.quiz_id);
  };

  const askDelete = (quiz: QuizSummary) =>
    confirmDelete.ask({
      type: 'quiz',
      item: quiz.quiz_name,
      refusal:
        quiz.used_by.length > 0
          ? t('events.quiz.delete_refused', { events: eventList(t, quiz.used_by) })
          : null,
      run: async () => {
        const result = await notify.run(() => remove.mutateAsync({ deviceId, quizId: quiz.quiz_id }), {
          loading: t('common.deleting'),
          success: t('events.quiz.deleted', { name: quiz.quiz_name }),
          action: (ticket) => undoAction(ticket, refresh),
        });
        if (result.ok && selectedId === quiz.quiz_id) select(null);
        // Refused because events took it up meanwhile: the reloaded list names them; nothing to retry.
        const inUse = !result.ok && result.error instanceof ApiError && result.error.code === 'quiz_in_use';
        return result.ok || inUse;
      },
    });

  const columns: Column<QuizSummary>[] = [
    {
      id: 'name',
      header: t('events.quiz.columns.name'),
      card: 'title',
      render: (quiz) => (
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{quiz.quiz_name}</Typography>
      ),
    },
    {
      id: 'languages',
      header: t('events.quiz.columns.languages'),
      render: (quiz) => names(quiz.languages),
    },
    {
      id: 'questions',
      header: t('events.quiz.columns.questions'),
      align: 'right',
      width: 110,
      render: (quiz) => quiz.question_count,
    },
    {
      id: 'used_by',
      header: t('events.quiz.columns.used_by'),
      render: (quiz) =>
        quiz.used_by.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('events.quiz.not_used')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {quiz.used_by.map((event) => (
              <Chip key={event.id} size="small" label={event.title} />
            ))}
          </Box>
        ),
    },
    {
      id: 'ready',
      header: t('events.quiz.columns.ready'),
      render: (quiz) =>
        quiz.ready_languages.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('events.quiz.ready_none')}
          </Typography>
        ) : (
          names(quiz.ready_languages)
        ),
    },
    {
      id: 'actions',
      header: t('events.quiz.columns.actions'),
      align: 'right',
      width: 190,
      render: (quiz) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction
            label={t('events.quiz.results.open')}
            item={quiz.quiz_name}
            icon={<InsightsOutlined fontSize="small" />}
            onClick={() => openResults(quiz)}
            testId={`quiz-results-${quiz.quiz_id}`}
          />
          <RowAction
            label={t('events.quiz.edit')}
            item={quiz.quiz_name}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => openDialog(quiz)}
            testId={`quiz-edit-${quiz.quiz_id}`}
          />
          <RowAction
            label={t('events.quiz.duplicate')}
            item={quiz.quiz_name}
            icon={<ContentCopyOutlined fontSize="small" />}
            onClick={() => void runDuplicate(quiz)}
            testId={`quiz-duplicate-${quiz.quiz_id}`}
          />
          <RowAction
            label={t('common.delete')}
            item={quiz.quiz_name}
            icon={<DeleteOutlined fontSize="small" />}
            onClick={() => askDelete(quiz)}
            testId={`quiz-delete-${quiz.quiz_id}`}
          />
        </Box>
      ),
    },
  ];

  return (
    <Box data-testid="quiz-library">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
          {t('events.quiz.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => openDialog(null)}
          data-testid="quiz-add"
        >
          {t('events.quiz.add')}
        </Button>
      </Box>
      {bulk.bar}
      <DataTable
        ariaLabel={t('events.quiz.list_label')}
        testId="quiz-table"
        columns={columns}
        rows={quizzes.data ? rows : undefined}
        rowKey={(quiz) => quiz.quiz_id}
        selection={bulk.selection}
        selectable={pickable}
        rowLabel={(quiz) => quiz.quiz_name}
        rowTestId={(quiz) => `quiz-row-${quiz.quiz_id}`}
        total={list.length}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        loading={quizzes.isFetching}
        error={quizzes.isError ? errorMessage(quizzes.error, t('events.quiz.load_failed')) : null}
        onRetry={() => void quizzes.refetch()}
        emptyText={t('events.quiz.empty')}
        onRowClick={(quiz) => select(quiz.quiz_id)}
        selectedKey={selectedId}
      />
      {selectedId !== null && (
        <QuizDetail
          key={`detail-${selectedId}`}
          deviceId={deviceId}
          quizId={selectedId}
          onResults={openResults}
          onClose={() => select(null)}
        />
      )}
      <QuizDialog
        key={`quiz-${dialog.key}`}
        open={dialog.open}
        deviceId={deviceId}
        quiz={dialog.quiz}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onCreated={(quiz) => select(quiz.quiz_id)}
      />
      {resultsOf.quiz && (
        <QuizResultsDialog
          key={`results-${resultsOf.key}`}
          open={resultsOf.open}
          deviceId={deviceId}
          quiz={resultsOf.quiz}
          onClose={() => setResultsOf((d) => ({ ...d, open: false }))}
        />
      )}
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Box>
  );
}
