import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EVENT_TEXT_MAX,
  QUESTION_ATTEMPTS,
  QUESTION_MAX_IMAGES,
  QUESTION_TITLE_MAX,
  ZUpdateQuestionRequest,
  type Language,
  type QuestionContent,
  type Quiz,
  type QuizQuestion,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUpdateQuestion } from '@/features/events/api/quiz-api';
import { CompletenessSummary, Notice, contentNotices } from '../components/completeness';
import { QuizButtonsEditor } from '../components/quiz-buttons-editor';
import { QuizImageField } from '../components/quiz-image-field';
import { fieldErrors, firstLanguageWithError, type FieldErrors } from '@/shared/lib/field-errors';
import { contentOf, draftOf, withImage, type QuestionDraft } from '../lib/question-draft';

/**
 * Question detail: title, max attempts, hints when failed, and per language of the quiz the text,
 * speech, answer buttons (columns, correct answers), images and hints. What a kiosk still needs in
 * each language shows as the operator types (the question saves incomplete; the quiz is then not
 * ready in that language). Mounted afresh (a new `key`) each time it opens; closing with unsaved
 * changes asks first.
 */
export function QuestionDialog({
  open,
  deviceId,
  quiz,
  question,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  quiz: Quiz;
  question: QuizQuestion;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateQuestion();
  const languages = quiz.languages;
  const [initial] = useState(() => draftOf(question, languages));
  const [draft, setDraft] = useState<QuestionDraft>(initial);
  const [language, setLanguage] = useState<Language>(languages[0] ?? 'english');
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);

  const content = draft.contents[language] ?? contentOf(undefined);
  const notices = contentNotices(t, content);
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setContent = (next: QuestionContent) =>
    setDraft((d) => ({ ...d, contents: { ...d.contents, [language]: next } }));
  const errorAt = (path: string): string | undefined => errors[`contents.${language}.${path}`];

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const tab = firstLanguageWithError(found, languages);
    if (tab && !Object.keys(found).some((k) => k.startsWith(`contents.${language}.`))) setLanguage(tab);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const body = {
      device_id: deviceId,
      title: draft.title,
      max_attempt: draft.max_attempt,
      show_hints_when_failed: draft.show_hints_when_failed,
      contents: draft.contents,
    };
    const checked = ZUpdateQuestionRequest.safeParse(body);
    if (!checked.success) {
      showErrors(fieldErrors(t, checked.error.issues));
      return;
    }
    setErrors({});
    const result = await notify.run(
      () => update.mutateAsync({ quizId: quiz.quiz_id, questionId: question.id, ...body }),
      {
        loading: t('common.updating'),
        success: t('events.quiz.question.saved', { title: draft.title.trim() }),
      },
    );
    if (result.ok) onClose();
    else if (result.error instanceof ApiError && result.error.issues.length > 0) {
      showErrors(fieldErrors(t, result.error.issues));
    }
  };

  const imageCount = Math.min(content.image_urls.length + 1, QUESTION_MAX_IMAGES);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      dirty={dirty}
      onSubmit={(event) => void submit(event)}
      submitting={update.isPending}
      title={t('events.quiz.question.dialog_title', { title: question.title })}
      testId="question-dialog"
      width={960}
      submitLabel={t('common.save')}
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t('events.quiz.question.title_field')}
          value={draft.title}
          onChange={(event) => set('title', event.target.value)}
          required
          sx={{ flex: '2 1 280px' }}
          error={Boolean(errors.title)}
          helperText={errors.title}
          slotProps={{ htmlInput: { maxLength: QUESTION_TITLE_MAX, 'data-testid': 'question-title' } }}
        />
        <TextField
          type="number"
          label={t('events.quiz.question.max_attempt')}
          value={Number.isFinite(draft.max_attempt) ? draft.max_attempt : ''}
          onChange={(event) => set('max_attempt', Math.floor(Number(event.target.value || NaN)))}
          sx={{ flex: '1 1 160px' }}
          error={Boolean(errors.max_attempt)}
          helperText={
            errors.max_attempt ??
            t('events.quiz.question.max_attempt_hint', {
              min: QUESTION_ATTEMPTS.min,
              max: QUESTION_ATTEMPTS.max,
            })
          }
          slotProps={{
            htmlInput: {
              min: QUESTION_ATTEMPTS.min,
              max: QUESTION_ATTEMPTS.max,
              step: 1,
              'data-testid': 'question-max-attempt',
            },
          }}
        />
        <FormControlLabel
          sx={{ flex: '1 1 220px', mt: 1 }}
          control={
            <Switch
              checked={draft.show_hints_when_failed}
              onChange={(event) => set('show_hints_when_failed', event.target.checked)}
              slotProps={{ input: { 'data-testid': 'question-show-hints' } as object }}
            />
          }
          label={t('events.quiz.question.show_hints')}
        />
      </Box>
      <CompletenessSummary contents={draft.contents} languages={languages} />
      <LanguageTabs
        value={language}
        onChange={setLanguage}
        languages={languages}
        testIdPrefix="question-language"
        ariaLabel={t('events.quiz.question.language_tabs')}
      />
      <Box sx={{ display: 'grid', gap: 2 }} data-testid={`question-content-${language}`}>
        <TextField
          label={t('events.quiz.question.text')}
          value={content.text}
          onChange={(event) => setContent({ ...content, text: event.target.value })}
          multiline
          minRows={2}
          error={Boolean(errorAt('text'))}
          helperText={errorAt('text') ?? (notices.text.join(' ') || undefined)}
          slotProps={{ htmlInput: { maxLength: EVENT_TEXT_MAX, 'data-testid': 'question-text' } }}
        />
        <TextField
          label={t('events.quiz.question.speech')}
          value={content.speech}
          onChange={(event) => setContent({ ...content, speech: event.target.value })}
          multiline
          minRows={2}
          error={Boolean(errorAt('speech'))}
          helperText={errorAt('speech') ?? t('events.quiz.question.speech_hint')}
          slotProps={{ htmlInput: { maxLength: EVENT_TEXT_MAX, 'data-testid': 'question-speech' } }}
        />
        <QuizButtonsEditor content={content} onChange={setContent} errorAt={errorAt} notices={notices} />
        <Box sx={{ display: 'grid', gap: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={content.is_include_image}
                onChange={(event) => setContent({ ...content, is_include_image: event.target.checked })}
                slotProps={{ input: { 'data-testid': 'question-include-image' } as object }}
              />
            }
            label={t('events.quiz.question.include_image', { max: QUESTION_MAX_IMAGES })}
          />
          {content.is_include_image && (
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
              data-testid="question-images"
            >
              {Array.from({ length: imageCount }, (_, index) => (
                <QuizImageField
                  key={`${language}-${index}`}
                  deviceId={deviceId}
                  value={content.image_urls[index] ?? ''}
                  onChange={(url) => setContent(withImage(content, index, url))}
                  label={t('events.quiz.question.image_n', { n: index + 1 })}
                  error={errorAt(`image_urls.${index}`)}
                  testId={`question-image-${index}`}
                />
              ))}
            </Box>
          )}
          {errorAt('image_urls') ? (
            <Typography variant="caption" color="error" role="alert">
              {errorAt('image_urls')}
            </Typography>
          ) : (
            <Notice texts={notices.images} testId="question-images-notice" />
          )}
        </Box>
        <TextField
          label={t('events.quiz.question.hints')}
          value={content.hints}
          onChange={(event) => setContent({ ...content, hints: event.target.value })}
          multiline
          minRows={2}
          error={Boolean(errorAt('hints'))}
          helperText={errorAt('hints') ?? t('events.quiz.question.hints_hint')}
          slotProps={{ htmlInput: { maxLength: EVENT_TEXT_MAX, 'data-testid': 'question-hints' } }}
        />
      </Box>
    </FormDialog>
  );
}
