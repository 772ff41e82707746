import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { QuestionResult } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { countText, percent, questionTable } from '../lib/results';

/*
 * The pieces the results dialogs (an event's, a quiz's) are made of: figures, titled sections, and
 * the questions' correct rates per language as a chart and as a table.
 */

/** A row of figures, side by side from small screens up. */
export function Figures({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridAutoColumns: 'minmax(0, 1fr)',
        gridAutoFlow: { xs: 'row', sm: 'column' },
      }}
    >
      {children}
    </Box>
  );
}

/** One figure: what it counts, and the number. */
export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: 28, fontWeight: 600 }} data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** A part of the results with its heading; screen readers get it as a region of that name. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** "67% (2 of 3)", or a dash where the question was not answered in that language. */
function useRateText() {
  const { t, i18n } = useTranslation();
  const ui = i18n.resolvedLanguage;
  return (r: QuestionResult | undefined) =>
    r && r.correct_rate !== null
      ? t('events.results.rate', {
          rate: percent(r.correct_rate, ui),
          correct: countText(r.correct, ui),
          answered: countText(r.answered, ui),
        })
      : '—';
}

/** One row per question, one column per language: its correct rate and how many answered. */
export function QuestionsTable({
  questions,
  label,
}: {
  questions: readonly QuestionResult[];
  label: string;
}) {
  const { t } = useTranslation();
  const rateText = useRateText();
  const { rows, languages } = questionTable(questions);
  return (
    <TableContainer>
      <Table size="small" aria-label={label} data-testid="results-questions">
        <TableHead>
          <TableRow>
            <TableCell>{t('events.results.question')}</TableCell>
            {languages.map((l) => (
              <TableCell key={l} align="right">
                {t(`languages.${l}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`results-question-${row.id}`}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {row.title}
              </TableCell>
              {languages.map((l) => (
                <TableCell key={l} align="right">
                  {rateText(row.byLanguage[l])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Height of one question's band: a bar per language and a gap. */
const BAR_HEIGHT = 18;
const BAND_GAP = 16;

/**
 * Each question's correct rate as bars, one per language, 0–100%. The bars lie across, questions
 * down the side (their titles shortened there, whole in the tooltip), so a long quiz grows taller
 * instead of squeezing its titles.
 */
export function QuestionRatesChart({
  questions,
  label,
  testId,
}: {
  questions: readonly QuestionResult[];
  label: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const ui = i18n.resolvedLanguage;
  const { rows, languages } = questionTable(questions);
  const asPercent = (share: number | null) => (share === null ? '—' : percent(share, ui));
  const height = 80 + rows.length * (languages.length * BAR_HEIGHT + BAND_GAP);
  return (
    <Box role="figure" aria-label={label} data-testid={testId}>
      <BarChart
        layout="horizontal"
        height={height}
        grid={{ vertical: true }}
        margin={{ left: 8, right: 24, top: 16, bottom: 8 }}
        yAxis={[{ scaleType: 'band', data: rows.map((row) => row.title), width: 160 }]}
        xAxis={[
          {
            min: 0,
            max: 1,
            height: 32,
            tickInterval: [0, 0.25, 0.5, 0.75, 1],
            valueFormatter: (share: number) => percent(share, ui),
          },
        ]}
        series={languages.map((language) => ({
          id: language,
          label: t(`languages.${language}`),
          data: rows.map((row) => row.byLanguage[language]?.correct_rate ?? null),
          valueFormatter: asPercent,
          // The rate beside each bar: a 0% bar has no length, but its label says it was answered.
          barLabel: (item: { value: number | null }) => (item.value === null ? null : asPercent(item.value)),
          barLabelPlacement: 'outside' as const,
        }))}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } },
        }}
      />
    </Box>
  );
}
