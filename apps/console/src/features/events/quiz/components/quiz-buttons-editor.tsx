import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import {
  BUTTON_PAYLOAD_MAX,
  BUTTON_TEXT_MAX,
  QUESTION_COLUMNS,
  isBlankButton,
  type QuestionContent,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import {
  canAddRow,
  isCorrect,
  strayAnswers,
  withButton,
  withColumns,
  withCorrect,
  withoutButton,
  withRowAdded,
} from '../lib/question-draft';
import { Notice } from './completeness';

const COLUMN_OPTIONS = Array.from(
  { length: QUESTION_COLUMNS.max - QUESTION_COLUMNS.min + 1 },
  (_, i) => QUESTION_COLUMNS.min + i,
);

/**
 * The answer buttons of a question in one language: the column count (1–4; a change re-pads the
 * buttons to whole rows), each button's text and payload in the grid the kiosk shows, a checkbox
 * marking it as a correct answer, and rows added or buttons removed.
 */
export function QuizButtonsEditor({
  content,
  onChange,
  errorAt,
  notices,
}: {
  content: QuestionContent;
  onChange: (content: QuestionContent) => void;
  /** A problem the form or the server found at a path under the content ("buttons.values.0.text"). */
  errorAt: (path: string) => string | undefined;
  /** What a kiosk still needs of the buttons and the answers (completeness). */
  notices: { buttons: readonly string[]; answers: readonly string[] };
}) {
  const { t } = useTranslation();
  const { num_of_column: columns, values } = content.buttons;
  const stray = strayAnswers(content);
  const answersError = errorAt('correct_answers');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 1.5 }}>
      <Box
        component="legend"
        sx={{ p: 0, mb: 1, fontWeight: 500, fontSize: 14, display: 'flex', alignItems: 'center' }}
      >
        {t('events.quiz.question.buttons')}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('events.quiz.question.columns')}
          value={columns}
          onChange={(event) => onChange(withColumns(content, Number(event.target.value)))}
          sx={{ width: 120 }}
          error={Boolean(errorAt('buttons.num_of_column'))}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'question-columns' } }}
        >
          {COLUMN_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </TextField>
        <Typography variant="caption" color="text.secondary" sx={{ flex: '1 1 240px', mt: 0.5 }}>
          {errorAt('buttons.num_of_column') ?? t('events.quiz.question.columns_hint')}
        </Typography>
      </Box>
      <Box
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        data-testid="question-buttons"
        data-columns={columns}
      >
        {values.map((button, index) => {
          const n = index + 1;
          const blank = isBlankButton(button);
          return (
            <Paper
              key={index}
              variant="outlined"
              sx={{ p: 1, display: 'grid', gap: 1, minWidth: 0 }}
              data-testid="question-button"
            >
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
                  {t('events.quiz.question.button', { n })}
                </Typography>
                <Tooltip title={t('events.quiz.question.remove_button', { n })}>
                  <IconButton
                    size="small"
                    aria-label={t('events.quiz.question.remove_button', { n })}
                    onClick={() => onChange(withoutButton(content, index))}
                    data-testid={`question-button-remove-${index}`}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
              <TextField
                size="small"
                label={t('events.quiz.question.button_text', { n })}
                value={button.text}
                onChange={(event) => onChange(withButton(content, index, { text: event.target.value }))}
                error={Boolean(errorAt(`buttons.values.${index}.text`))}
                helperText={errorAt(`buttons.values.${index}.text`)}
                slotProps={{
                  htmlInput: { maxLength: BUTTON_TEXT_MAX, 'data-testid': `question-button-text-${index}` },
                }}
              />
              <TextField
                size="small"
                label={t('events.quiz.question.button_payload', { n })}
                value={button.payload}
                onChange={(event) => onChange(withButton(content, index, { payload: event.target.value }))}
                error={Boolean(errorAt(`buttons.values.${index}.payload`))}
                helperText={errorAt(`buttons.values.${index}.payload`)}
                slotProps={{
                  htmlInput: {
                    maxLength: BUTTON_PAYLOAD_MAX,
                    'data-testid': `question-button-payload-${index}`,
                  },
                }}
              />
              <FormControlLabel
                disabled={blank}
                control={
                  <Checkbox
                    size="small"
                    checked={isCorrect(content, button)}
                    onChange={(event) => onChange(withCorrect(content, index, event.target.checked))}
                    slotProps={{
                      input: {
                        'aria-label': t('events.quiz.question.correct_label', { n }),
                        'data-testid': `question-button-correct-${index}`,
                      } as object,
                    }}
                  />
                }
                label={t('events.quiz.question.correct')}
              />
            </Paper>
          );
        })}
      </Box>
      <Notice texts={notices.buttons} testId="question-buttons-notice" />
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={!canAddRow(content)}
          onClick={() => onChange(withRowAdded(content))}
          data-testid="question-add-row"
        >
          {t('events.quiz.question.add_row')}
        </Button>
      </Box>
      {stray.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">{t('events.quiz.question.stray_answers')}</Typography>
          {stray.map((answer) => (
            <Chip
              key={answer}
              size="small"
              label={answer}
              onDelete={() =>
                onChange({ ...content, correct_answers: content.correct_answers.filter((a) => a !== answer) })
              }
              aria-label={t('events.quiz.question.remove_answer', { answer })}
            />
          ))}
        </Box>
      )}
      {answersError ? (
        <Typography variant="caption" color="error" role="alert">
          {answersError}
        </Typography>
      ) : (
        <Notice texts={notices.answers} testId="question-answers-notice" />
      )}
    </Box>
  );
}
