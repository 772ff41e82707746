import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import {
  LANGUAGES,
  QUIZ_NAME_MAX,
  ZCreateQuizRequest,
  type Language,
  type Quiz,
  type QuizSummary,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useSelectedDeviceLanguages } from '@/shared/auth/use-selected-device-languages';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useCreateQuiz, useUpdateQuiz } from '@/features/events/api/quiz-api';
import { eventList } from '../lib/event-list';
import { fieldErrors, type FieldErrors } from '@/shared/lib/field-errors';

/**
 * Add a quiz (name and languages), or rename one and change its languages. The languages offered
 * are the selected device's (its default first), with any the quiz already has. Mounted afresh
 * (a new `key`) each time it opens.
 */
export function QuizDialog({
  open,
  deviceId,
  quiz,
  onClose,
  onCreated,
}: {
  open: boolean;
  deviceId: number;
  /** null: a new quiz. */
  quiz: QuizSummary | null;
  onClose: () => void;
  onCreated: (quiz: Quiz) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateQuiz();
  const update = useUpdateQuiz();
  const deviceLanguages = useSelectedDeviceLanguages();
  const offered = deviceLanguages ?? LANGUAGES;
  const options = [
    ...offered,
    ...LANGUAGES.filter((l) => quiz?.languages.includes(l) && !offered.includes(l)),
  ];
  const [name, setName] = useState(quiz?.quiz_name ?? '');
  const [languages, setLanguages] = useState<Language[]>(
    // A new quiz starts in every language the device offers, as a new event does.
    quiz ? [...quiz.languages] : [...(deviceLanguages ?? [])],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = useChanged({ name, languages });
  const submitting = create.isPending || update.isPending;
  const labelId = 'quiz-dialog-languages';

  const toggle = (language: Language) =>
    setLanguages((ls) => (ls.includes(language) ? ls.filter((l) => l !== language) : [...ls, language]));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const body = { device_id: deviceId, quiz_name: name, languages };
    const checked = ZCreateQuizRequest.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(t, checked.error.issues));
      return;
    }
    setErrors({});
    // As the server keeps them: the name trimmed, the languages in the contracts' order.
    const fields = checked.data;
    if (quiz) {
      const result = await notify.run(() => update.mutateAsync({ quizId: quiz.quiz_id, ...fields }), {
        loading: t('common.updating'),
        success: t('events.quiz.saved', { name: fields.quiz_name }),
      });
      if (result.ok) onClose();
      return;
    }
    const result = await notify.run(() => create.mutateAsync(fields), {
      loading: t('common.adding'),
      success: t('events.quiz.added', { name: fields.quiz_name }),
    });
    if (result.ok) {
      onCreated(result.data);
      onClose();
    }
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={() => {
        if (!submitting) onClose();
      }}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={
        quiz
          ? t('events.quiz.dialog.edit_title', { name: quiz.quiz_name })
          : t('events.quiz.dialog.create_title')
      }
      testId="quiz-dialog"
      dataAttributes={{ 'data-mode': quiz ? 'edit' : 'create' }}
      submitLabel={quiz ? t('common.save') : t('common.add')}
    >
      <TextField
        label={t('events.quiz.dialog.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        error={Boolean(errors.quiz_name)}
        helperText={errors.quiz_name}
        slotProps={{ htmlInput: { maxLength: QUIZ_NAME_MAX, 'data-testid': 'quiz-name' } }}
      />
      <Box role="group" aria-labelledby={labelId} aria-describedby={`${labelId}-hint`}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
          {t('events.quiz.dialog.languages')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {options.map((language) => {
            const on = languages.includes(language);
            return (
              <Chip
                key={language}
                label={t(`languages.${language}`)}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                icon={on ? <CheckIcon /> : undefined}
                onClick={() => toggle(language)}
                aria-pressed={on}
                data-testid={`quiz-language-${language}`}
              />
            );
          })}
        </Box>
        <Typography
          id={`${labelId}-hint`}
          variant="caption"
          color={errors.languages ? 'error' : 'text.secondary'}
          role={errors.languages ? 'alert' : undefined}
          sx={{ display: 'block', mt: 0.5 }}
        >
          {errors.languages ?? t('events.quiz.dialog.languages_hint')}
        </Typography>
      </Box>
      {quiz && quiz.used_by.length > 0 && (
        <Alert severity="info" data-testid="quiz-dialog-used-by">
          {t('events.quiz.dialog.used_by_hint', { events: eventList(t, quiz.used_by) })}
        </Alert>
      )}
    </FormDialog>
  );
}
