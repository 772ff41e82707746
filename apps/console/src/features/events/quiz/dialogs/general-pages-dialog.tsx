import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EVENT_TEXT_MAX,
  QUIZ_PAGE_TYPES,
  ZUpdateQuizPageRequest,
  type Language,
  type Quiz,
  type QuizPageContent,
  type QuizPageType,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUpdateQuizPage } from '@/features/events/api/quiz-api';
import { QuizImageField } from '../components/quiz-image-field';
import { fieldErrors, firstLanguageWithError, type FieldErrors } from '@/shared/lib/field-errors';

type PageDraft = { is_on: boolean; contents: Partial<Record<Language, QuizPageContent>> };
type PagesDraft = Record<QuizPageType, PageDraft>;

const blankPage = (): QuizPageContent => ({ text: '', speech: '', image_url: '' });

/** Every general page of the quiz (off and blank when the server has none yet), in each of its languages. */
function pagesOf(quiz: Quiz): PagesDraft {
  const entries = QUIZ_PAGE_TYPES.map((type): [QuizPageType, PageDraft] => {
    const page = quiz.pages.find((p) => p.page_type === type);
    return [
      type,
      {
        is_on: page?.is_on ?? false,
        contents: Object.fromEntries(quiz.languages.map((l) => [l, page?.contents[l] ?? blankPage()])),
      },
    ];
  });
  return Object.fromEntries(entries) as PagesDraft;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * General pages: one tab per language of the quiz; the five pages (onboard, correct, incorrect,
 * ending, retry) each on or off (in every language) with the tab's text, speech and image. Saves the
 * pages that changed, one call each. Mounted afresh (a new `key`) each time it opens; closing with
 * unsaved changes asks first.
 */
export function GeneralPagesDialog({
  open,
  deviceId,
  quiz,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  quiz: Quiz;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateQuizPage();
  const languages = quiz.languages;
  const [saved, setSaved] = useState(() => pagesOf(quiz));
  const [draft, setDraft] = useState<PagesDraft>(saved);
  const [language, setLanguage] = useState<Language>(languages[0] ?? 'english');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const setPage = (type: QuizPageType, page: PageDraft) => setDraft((d) => ({ ...d, [type]: page }));
  const setContent = (type: QuizPageType, patch: Partial<QuizPageContent>) => {
    const page = draft[type];
    setPage(type, {
      ...page,
      contents: { ...page.contents, [language]: { ...(page.contents[language] ?? blankPage()), ...patch } },
    });
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const tab = QUIZ_PAGE_TYPES.map((type) =>
      firstLanguageWithError(found, languages, `${type}.contents.`),
    ).find(Boolean);
    if (tab) setLanguage(tab);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const changed = QUIZ_PAGE_TYPES.filter((type) => !same(draft[type], saved[type]));
    const bodies = changed.map((type) => ({ type, body: { device_id: deviceId, ...draft[type] } }));
    const found = bodies.flatMap(({ type, body }) => {
      const checked = ZUpdateQuizPageRequest.safeParse(body);
      return checked.success ? [] : checked.error.issues.map((i) => ({ ...i, path: [type, ...i.path] }));
    });
    if (found.length > 0) {
      showErrors(fieldErrors(t, found));
      return;
    }
    setErrors({});
    setSubmitting(true);
    // The page being saved, to place a refusal's problems on its fields.
    const at: { type: QuizPageType | null } = { type: null };
    const result = await notify.run(
      async () => {
        for (const { type, body } of bodies) {
          at.type = type;
          await update.mutateAsync({ quizId: quiz.quiz_id, pageType: type, ...body });
          setSaved((s) => ({ ...s, [type]: draft[type] }));
        }
      },
      { loading: t('common.updating'), success: t('events.quiz.pages.saved') },
    );
    setSubmitting(false);
    if (result.ok) onClose();
    else if (at.type && result.error instanceof ApiError && result.error.issues.length > 0) {
      const failed = at.type;
      showErrors(
        fieldErrors(
          t,
          result.error.issues.map((i) => ({ ...i, path: [failed, ...i.path] })),
        ),
      );
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      dirty={!same(draft, saved)}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={t('events.quiz.pages.dialog_title', { name: quiz.quiz_name })}
      testId="general-pages-dialog"
      width={960}
      submitLabel={t('common.save')}
    >
      <Typography variant="body2" color="text.secondary">
        {t('events.quiz.pages.intro')}
      </Typography>
      <LanguageTabs
        value={language}
        onChange={setLanguage}
        languages={languages}
        testIdPrefix="pages-language"
        ariaLabel={t('events.quiz.pages.language_tabs')}
      />
      {QUIZ_PAGE_TYPES.map((type) => {
        const page = draft[type];
        const content = page.contents[language] ?? blankPage();
        const errorAt = (field: keyof QuizPageContent) => errors[`${type}.contents.${language}.${field}`];
        const name = t(`events.quiz.pages.types.${type}.title`);
        const headingId = `quiz-page-${type}-title`;
        return (
          <Paper
            key={type}
            variant="outlined"
            component="section"
            aria-labelledby={headingId}
            sx={{ p: 2, display: 'grid', gap: 1.5 }}
            data-testid={`quiz-page-${type}`}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 240px' }}>
                <Typography id={headingId} component="h3" sx={{ fontWeight: 600, fontSize: 15 }}>
                  {name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`events.quiz.pages.types.${type}.hint`)}
                </Typography>
              </Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={page.is_on}
                    onChange={(event) => setPage(type, { ...page, is_on: event.target.checked })}
                    slotProps={{ input: { 'data-testid': `quiz-page-${type}-on` } as object }}
                  />
                }
                label={t('events.quiz.pages.show', { page: name })}
              />
            </Box>
            <TextField
              size="small"
              label={t('events.quiz.pages.text', { page: name })}
              value={content.text}
              onChange={(event) => setContent(type, { text: event.target.value })}
              multiline
              minRows={2}
              error={Boolean(errorAt('text'))}
              helperText={errorAt('text')}
              slotProps={{
                htmlInput: { maxLength: EVENT_TEXT_MAX, 'data-testid': `quiz-page-${type}-text` },
              }}
            />
            <TextField
              size="small"
              label={t('events.quiz.pages.speech', { page: name })}
              value={content.speech}
              onChange={(event) => setContent(type, { speech: event.target.value })}
              multiline
              minRows={2}
              error={Boolean(errorAt('speech'))}
              helperText={errorAt('speech')}
              slotProps={{
                htmlInput: { maxLength: EVENT_TEXT_MAX, 'data-testid': `quiz-page-${type}-speech` },
              }}
            />
            <QuizImageField
              key={language}
              deviceId={deviceId}
              value={content.image_url}
              onChange={(image_url) => setContent(type, { image_url })}
              label={t('events.quiz.pages.image', { page: name })}
              error={errorAt('image_url')}
              testId={`quiz-page-${type}-image`}
            />
          </Paper>
        );
      })}
    </FormDialog>
  );
}
