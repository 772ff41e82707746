import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { QUIZ_MAX_QUESTIONS, ZUpdateQuizRequest, type Quiz } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { translateIssue } from '@/shared/lib/rule-message';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUpdateQuiz } from '@/features/events/api/quiz-api';

/**
 * Random pick and the number of questions a run asks. The switch saves at once and shows the new
 * position meanwhile; a refused save puts it back. The number saves when the field is left
 * (or on Enter); empty asks every question.
 */
export function RandomPick({ deviceId, quiz }: { deviceId: number; quiz: Quiz }) {
  const { t } = useTranslation();
  const update = useUpdateQuiz();
  // The switch as the operator just set it, until the server answers.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = quiz.pick_count === null ? '' : String(quiz.pick_count);
  const [count, setCount] = useState(saved);
  const [seen, setSeen] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  if (saved !== seen) {
    // A new value from the server (a save, a refetch) replaces what the field shows.
    setSeen(saved);
    setCount(saved);
  }
  const on = pending ?? quiz.is_enabled_random_pick;

  const toggle = async (next: boolean) => {
    setPending(next);
    await notify.run(
      () => update.mutateAsync({ quizId: quiz.quiz_id, device_id: deviceId, is_enabled_random_pick: next }),
      {
        loading: t('common.updating'),
        success: next ? t('events.quiz.detail.random_pick_on') : t('events.quiz.detail.random_pick_off'),
      },
    );
    // Saved: the quiz holds the server's answer now. Refused: back to what the server has.
    setPending(null);
  };

  const saveCount = async () => {
    if (count.trim() === saved) return;
    const value = count.trim() === '' ? null : Number(count);
    const checked = ZUpdateQuizRequest.shape.pick_count.safeParse(value);
    if (!checked.success) {
      setError(translateIssue(t, checked.error.issues[0]!));
      return;
    }
    setError(null);
    const result = await notify.run(
      () => update.mutateAsync({ quizId: quiz.quiz_id, device_id: deviceId, pick_count: value }),
      { loading: t('common.updating'), success: t('events.quiz.detail.pick_count_saved') },
    );
    if (!result.ok) {
      const issue = result.error instanceof ApiError ? result.error.issues[0] : undefined;
      if (issue) setError(translateIssue(t, issue));
      setCount(saved);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 260px' }}>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              disabled={pending !== null}
              onChange={(event) => void toggle(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'quiz-random-pick' } as object }}
            />
          }
          label={t('events.quiz.detail.random_pick')}
        />
        <Box sx={{ color: 'text.secondary', fontSize: 12 }}>{t('events.quiz.detail.random_pick_hint')}</Box>
      </Box>
      <TextField
        size="small"
        type="number"
        label={t('events.quiz.detail.pick_count')}
        value={count}
        disabled={!on || update.isPending}
        onChange={(event) => setCount(event.target.value)}
        onBlur={() => void saveCount()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void saveCount();
          }
        }}
        error={Boolean(error)}
        helperText={error ?? t('events.quiz.detail.pick_count_hint', { total: quiz.questions.length })}
        sx={{ flex: '1 1 200px', maxWidth: 320 }}
        slotProps={{
          htmlInput: { min: 1, max: QUIZ_MAX_QUESTIONS, step: 1, 'data-testid': 'quiz-pick-count' },
        }}
      />
    </Box>
  );
}
