import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import WebOutlined from '@mui/icons-material/WebOutlined';
import { QUIZ_MAX_QUESTIONS, type QuizQuestion, type QuizSummary } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { SortableList, moved } from '@/shared/ui/sortable-list';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import {
  quizKeys,
  useCreateQuestion,
  useDeleteQuestion,
  useQuiz,
  useUpdateQuiz,
} from '@/features/events/api/quiz-api';
import { GeneralPagesDialog } from '../dialogs/general-pages-dialog';
import { QuestionDialog } from '../dialogs/question-dialog';
import { RandomPick } from './random-pick';

type Editing = { key: number; open: boolean; question: QuizQuestion | null; pages: boolean };

/**
 * One quiz of the library: random pick and the number asked, its questions in order (drag, or the
 * arrows from the keyboard), add, edit and delete a question, its general pages, and its results
 * (`onResults`, the library's results dialog).
 */
export function QuizDetail({
  deviceId,
  quizId,
  onResults,
  onClose,
}: {
  deviceId: number;
  quizId: number;
  onResults: (quiz: QuizSummary) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const quiz = useQuiz(deviceId, quizId);
  const update = useUpdateQuiz();
  const createQuestion = useCreateQuestion();
  const deleteQuestion = useDeleteQuestion();
  const confirmDelete = useDeleteDialog();
  const [editing, setEditing] = useState<Editing>({ key: 0, open: false, question: null, pages: false });
  const titleId = `quiz-detail-${quizId}-title`;

  const openQuestion = (question: QuizQuestion) =>
    setEditing((e) => ({ key: e.key + 1, open: true, question, pages: false }));
  const openPages = () => setEditing((e) => ({ key: e.key + 1, open: true, question: null, pages: true }));
  const closeEditing = () => setEditing((e) => ({ ...e, open: false }));

  if (!quiz.data) {
    return (
      <Card sx={{ mt: 2 }} component="section" aria-busy={!quiz.isError} data-testid="quiz-detail">
        <CardContent>
          {quiz.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void quiz.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {errorMessage(quiz.error, t('events.quiz.load_failed'))}
            </Alert>
          ) : (
            <Skeleton variant="rounded" height={160} />
          )}
        </CardContent>
      </Card>
    );
  }
  const data = quiz.data;
  const questions = data.questions;

  const move = (from: number, to: number, message: string) => {
    const next = moved(questions, from, to);
    // The new order at once; the answer (or a reload when refused) replaces it.
    queryClient.setQueryData(quizKeys.detail(deviceId, quizId), { ...data, questions: next });
    void notify.run(
      () => update.mutateAsync({ quizId, device_id: deviceId, question_ids: next.map((q) => q.id) }),
      { loading: t('common.updating'), success: message },
    );
  };

  const addQuestion = async () => {
    const result = await notify.run(() => createQuestion.mutateAsync({ deviceId, quizId }), {
      loading: t('common.adding'),
      success: t('events.quiz.detail.question_added'),
    });
    if (result.ok) openQuestion(result.data);
  };

  const askDelete = (question: QuizQuestion) =>
    confirmDelete.ask({
      type: 'quiz_question',
      item: question.title,
      run: async () =>
        (
          await notify.run(() => deleteQuestion.mutateAsync({ deviceId, quizId, questionId: question.id }), {
            loading: t('common.deleting'),
            success: t('events.quiz.detail.question_deleted'),
          })
        ).ok,
    });

  const readiness = (question: QuizQuestion) => {
    const missing = data.languages.filter((l) => !question.ready_languages.includes(l));
    return missing.length === 0
      ? t('events.quiz.detail.ready_all')
      : t('events.quiz.detail.incomplete_in', {
          languages: missing.map((l) => t(`languages.${l}`)).join(t('events.quiz.list_separator')),
        });
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby={titleId} data-testid="quiz-detail">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            id={titleId}
            component="h2"
            sx={{ fontWeight: 600, fontSize: 18, flex: '1 1 200px', overflowWrap: 'anywhere' }}
          >
            {data.quiz_name}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<InsightsOutlined />}
            onClick={() => onResults(data)}
            data-testid="quiz-detail-results"
          >
            {t('events.quiz.results.open')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<WebOutlined />}
            onClick={openPages}
            data-testid="quiz-general-pages"
          >
            {t('events.quiz.detail.general_pages')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={createQuestion.isPending || questions.length >= QUIZ_MAX_QUESTIONS}
            onClick={() => void addQuestion()}
            data-testid="quiz-add-question"
          >
            {t('events.quiz.detail.add_question')}
          </Button>
          <Tooltip title={t('events.quiz.detail.close')}>
            <IconButton aria-label={t('events.quiz.detail.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <RandomPick deviceId={deviceId} quiz={data} />
        <Box>
          <Typography component="h3" sx={{ fontWeight: 600, fontSize: 15, mb: 1 }}>
            {t('events.quiz.detail.questions', { total: questions.length })}
          </Typography>
          {questions.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="quiz-questions-empty">
              {t('events.quiz.detail.questions_empty')}
            </Typography>
          ) : (
            <SortableList
              items={questions}
              getKey={(question) => question.id}
              getName={(question) => question.title}
              label={t('events.quiz.detail.questions_label', { name: data.quiz_name })}
              busy={update.isPending}
              onMove={move}
              onDelete={askDelete}
              itemTestId="quiz-question"
              deleteTestId="quiz-question-delete"
              renderItem={(question, index) => (
                <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('events.quiz.detail.question_number', { n: index + 1 })}
                  </Typography>
                  <Button
                    size="small"
                    startIcon={<EditOutlined fontSize="small" />}
                    onClick={() => openQuestion(question)}
                    sx={{ textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere', ml: -0.5 }}
                    data-testid="quiz-question-open"
                  >
                    {question.title}
                  </Button>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {readiness(question)}
                  </Typography>
                </Box>
              )}
            />
          )}
        </Box>
      </CardContent>
      {editing.question && (
        <QuestionDialog
          key={editing.key}
          open={editing.open}
          deviceId={deviceId}
          quiz={data}
          question={editing.question}
          onClose={closeEditing}
        />
      )}
      {editing.pages && (
        <GeneralPagesDialog
          key={editing.key}
          open={editing.open}
          deviceId={deviceId}
          quiz={data}
          onClose={closeEditing}
        />
      )}
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Card>
  );
}
