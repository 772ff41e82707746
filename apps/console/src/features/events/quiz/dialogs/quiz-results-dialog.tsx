import Typography from '@mui/material/Typography';
import type { QuizResults, QuizSummary } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useExportQuizResults, useQuizResults } from '@/features/events/api/quiz-api';
import {
  ExportResultsButton,
  ResultsDialogShell,
  useResultsRange,
} from '@/features/events/components/results-dialog-shell';
import {
  Figure,
  Figures,
  QuestionRatesChart,
  QuestionsTable,
  Section,
} from '@/features/events/components/results-parts';
import { answerTotals, countText, percent } from '@/features/events/lib/results';

/**
 * A quiz's results over a range of days (the last 7 by default, in the browser's time zone),
 * counting every event of the device that played it: questions answered, the share answered
 * right, and each question's correct rate per language as a chart and a table; the same as an xlsx file.
 */
export function QuizResultsDialog({
  open,
  deviceId,
  quiz,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  quiz: QuizSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const range = useResultsRange();
  const results = useQuizResults(deviceId, quiz.quiz_id, range.query);
  const exporter = useExportQuizResults(deviceId, quiz.quiz_id);
  return (
    <ResultsDialogShell
      open={open}
      onClose={onClose}
      title={t('events.quiz.results.title', { name: quiz.quiz_name })}
      titleId="quiz-results-dialog-title"
      testId="quiz-results-dialog"
      range={range}
      results={results}
      actions={
        <ExportResultsButton
          exporter={exporter}
          range={range}
          name={quiz.quiz_name}
          testId="quiz-results-export"
        />
      }
    >
      {(data) => <QuizResultsBody results={data} />}
    </ResultsDialogShell>
  );
}

function QuizResultsBody({ results }: { results: QuizResults }) {
  const { t, i18n } = useTranslation();
  const ui = i18n.resolvedLanguage;
  const totals = answerTotals(results.questions);
  return (
    <>
      <Figures>
        <Figure
          label={t('events.quiz.results.answered')}
          value={countText(totals.answered, ui)}
          testId="quiz-results-answered"
        />
        <Figure
          label={t('events.quiz.results.correct_rate')}
          value={totals.rate === null ? '—' : percent(totals.rate, ui)}
          testId="quiz-results-rate"
        />
      </Figures>
      {totals.answered === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="quiz-results-empty">
          {t('events.quiz.results.empty')}
        </Typography>
      ) : (
        <>
          <Section title={t('events.quiz.results.chart')}>
            <QuestionRatesChart
              questions={results.questions}
              label={t('events.quiz.results.chart_label')}
              testId="quiz-results-chart"
            />
          </Section>
          <Section title={t('events.quiz.results.questions')}>
            <QuestionsTable questions={results.questions} label={t('events.quiz.results.questions')} />
          </Section>
        </>
      )}
    </>
  );
}
