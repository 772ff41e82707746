import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { EventResults, EventSummary } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useEventResults, useExportEventResults } from '../api/event-api';
import { ExportResultsButton, ResultsDialogShell, useResultsRange } from '../components/results-dialog-shell';
import { Figure, Figures, QuestionsTable, Section } from '../components/results-parts';
import { activitiesByLanguage, answerTotals, countText, percent, shortDay } from '../lib/results';

/**
 * An event's results over a range of days (the last 7 by default, in the browser's time zone):
 * runs started and finished, per day; how far runs got per activity and language (drop-off); each
 * question's correct rate per language; and the same as an xlsx file.
 */
export function ResultsDialog({
  open,
  deviceId,
  event,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  event: EventSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const range = useResultsRange();
  const results = useEventResults(deviceId, event.id, range.query);
  const exporter = useExportEventResults(deviceId, event.id);

  return (
    <ResultsDialogShell
      open={open}
      onClose={onClose}
      title={t('events.results.title', { title: event.title })}
      titleId="results-dialog-title"
      testId="results-dialog"
      range={range}
      results={results}
      actions={
        <ExportResultsButton exporter={exporter} range={range} name={event.title} testId="results-export" />
      }
    >
      {(data) => <ResultsBody results={data} />}
    </ResultsDialogShell>
  );
}

function ResultsBody({ results }: { results: EventResults }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const ui = i18n.resolvedLanguage;
  const count = (n: number) => countText(n, ui);
  const byLanguage = activitiesByLanguage(results);
  const reachedAny = results.activities.some((a) => a.reached > 0 || a.dropped > 0);
  const finishedShare =
    results.runs_started > 0 ? percent(results.runs_finished / results.runs_started, ui) : '—';

  return (
    <>
      <Figures>
        <Figure
          label={t('events.results.started')}
          value={count(results.runs_started)}
          testId="results-started"
        />
        <Figure
          label={t('events.results.finished')}
          value={count(results.runs_finished)}
          testId="results-finished"
        />
        <Figure label={t('events.results.finish_rate')} value={finishedShare} testId="results-finish-rate" />
      </Figures>
      <Section title={t('events.results.per_day')}>
        {results.runs_started === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="results-empty">
            {t('events.results.empty')}
          </Typography>
        ) : (
          <Box role="figure" aria-label={t('events.results.per_day')} data-testid="results-days-chart">
            <LineChart
              height={260}
              grid={{ horizontal: true }}
              margin={{ left: 8, right: 32, top: 16, bottom: 8 }}
              xAxis={[
                {
                  scaleType: 'point',
                  data: results.days.map((d) => d.date),
                  height: 32,
                  valueFormatter: (day: string) => shortDay(day, ui),
                },
              ]}
              yAxis={[{ min: 0, tickMinStep: 1, width: 40 }]}
              series={[
                {
                  id: 'started',
                  label: t('events.results.started'),
                  data: results.days.map((d) => d.started),
                  color: theme.palette.primary.main,
                  // Whole counts per day: straight lines with marks, never a curve between days.
                  curve: 'linear',
                  showMark: true,
                },
                {
                  id: 'finished',
                  label: t('events.results.finished'),
                  data: results.days.map((d) => d.finished),
                  color: theme.palette.success.main,
                  curve: 'linear',
                  showMark: true,
                },
              ]}
              slotProps={{
                legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } },
              }}
            />
          </Box>
        )}
      </Section>
      <Section title={t('events.results.drop_off')}>
        {byLanguage.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('events.results.no_activities')}
          </Typography>
        ) : !reachedAny ? (
          // Bars of nothing drew empty axes with a cut-off "0.0…": the sentence says it instead.
          <Typography variant="body2" color="text.secondary" data-testid="results-drop-off-empty">
            {t('events.results.no_reached')}
          </Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {byLanguage.map(([language, activities]) => {
              const label = t('events.results.drop_off_in', { language: t(`languages.${language}`) });
              return (
                <Box
                  key={language}
                  role="figure"
                  aria-label={label}
                  data-testid={`results-drop-off-${language}`}
                >
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {label}
                  </Typography>
                  <BarChart
                    height={240}
                    grid={{ horizontal: true }}
                    margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
                    xAxis={[
                      {
                        scaleType: 'band',
                        data: activities.map((a) =>
                          t('events.activity.name', {
                            number: a.index + 1,
                            type: t(`events.activity.types.${a.type}`),
                          }),
                        ),
                        height: 32,
                      },
                    ]}
                    yAxis={[{ min: 0, tickMinStep: 1, width: 40 }]}
                    series={[
                      {
                        id: 'reached',
                        label: t('events.results.reached'),
                        data: activities.map((a) => a.reached),
                        color: theme.palette.primary.main,
                      },
                      {
                        id: 'dropped',
                        label: t('events.results.dropped'),
                        data: activities.map((a) => a.dropped),
                        color: theme.palette.error.main,
                      },
                    ]}
                    slotProps={{
                      legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } },
                    }}
                  />
                </Box>
              );
            })}
          </Box>
        )}
      </Section>
      <Section title={t('events.results.questions')}>
        {answerTotals(results.questions).answered === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('events.results.no_answers')}
          </Typography>
        ) : (
          <QuestionsTable questions={results.questions} label={t('events.results.questions')} />
        )}
      </Section>
    </>
  );
}
