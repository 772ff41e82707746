import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOPIC_FILTER_MAX_TOPICS, type Language, type TopicFilter } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/shared/ui/retry-alert';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { fieldErrors, type FieldErrors } from '@/shared/lib/field-errors';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { EditorDialog } from './editor-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useSaveTopicFilter, useTopicFilters } from '../api/topic-filters';
import { LinesField } from '../components/lines-field';
import { filterErrors, sameFilter } from '../lib/topic-filter';

type Drafts = Partial<Record<Language, TopicFilter>>;

/**
 * The topic filter of each language the device offers: the topics the assistant declines (chips,
 * Enter adds), and the speech and text it answers instead. Save stores every language changed.
 * Key it per opening.
 */
export function TopicFilterDialog({
  open,
  deviceId,
  initialLanguage,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  initialLanguage: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const filters = useTopicFilters(deviceId, open);
  const save = useSaveTopicFilter();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Language, FieldErrors>>>({});

  const saved = filters.data ?? [];
  const languages = saved.map((f) => f.language);
  const current = languages.includes(language) ? language : (languages[0] ?? language);
  const filterOf = (lang: Language): TopicFilter | undefined =>
    drafts[lang] ?? saved.find((f) => f.language === lang);
  const changed = saved.filter((f) => drafts[f.language] && !sameFilter(drafts[f.language]!, f));
  const errorsOf = (lang: Language): FieldErrors => {
    const filter = filterOf(lang);
    return { ...(checked && filter ? filterErrors(t, filter) : {}), ...serverErrors[lang] };
  };
  const marked = languages.filter((l) => Object.keys(errorsOf(l)).length > 0);
  const filter = filterOf(current);
  const errors = errorsOf(current);

  const patch = (changes: Partial<TopicFilter>) => {
    if (!filter) return;
    setDrafts((d) => ({ ...d, [current]: { ...filter, ...changes } }));
    setServerErrors((e) => ({ ...e, [current]: {} }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const bad = changed.find((f) => Object.keys(filterErrors(t, drafts[f.language]!)).length > 0);
    if (bad) {
      setLanguage(bad.language);
      return;
    }
    if (changed.length === 0) {
      onClose();
      return;
    }
    const result = await notify.run(
      async () => {
        for (const each of changed) {
          try {
            await save.mutateAsync({ device_id: deviceId, ...drafts[each.language]! });
          } catch (error) {
            if (error instanceof ApiError && error.issues.length > 0) {
              setServerErrors((e) => ({ ...e, [each.language]: fieldErrors(t, error.issues) }));
            }
            setLanguage(each.language);
            throw error;
          }
          setDrafts((d) => ({ ...d, [each.language]: undefined }));
        }
      },
      {
        loading: t('small_talk.saving'),
        success: t('small_talk.filter.saved'),
        error: (error) => errorMessage(error, t('small_talk.filter.save_failed')),
      },
    );
    if (result.ok) onClose();
  };

  return (
    <EditorDialog
      onClose={onClose}
      dirty={changed.length > 0}
      onSubmit={(event) => void submit(event)}
      submitting={save.isPending}
      title={t('small_talk.filter.title')}
      testId="topic-filter-dialog"
      submitDisabled={!filters.data}
      submitTestId="topic-filter-save"
    >
      <Typography variant="body2" color="text.secondary">
        {t('small_talk.filter.intro')}
      </Typography>
      {filters.isError ? (
        <RetryAlert
          error={filters.error}
          fallback={t('small_talk.load_failed')}
          onRetry={() => void filters.refetch()}
        />
      ) : !filter ? (
        <Box aria-busy="true">
          <Skeleton height={48} />
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : (
        <>
          <LanguageTabs
            value={current}
            onChange={setLanguage}
            languages={languages}
            marked={marked}
            counts={Object.fromEntries(languages.map((l) => [l, filterOf(l)?.topics.length ?? 0]))}
            testIdPrefix="topic-filter-language"
          />
          <LinesField
            key={current}
            label={t('small_talk.filter.topics')}
            values={filter.topics}
            onChange={(topics) => patch({ topics })}
            error={errors.topics ?? Object.entries(errors).find(([p]) => p.startsWith('topics.'))?.[1]}
            hint={t('small_talk.filter.topics_hint', { max: TOPIC_FILTER_MAX_TOPICS })}
            max={TOPIC_FILTER_MAX_TOPICS}
            maxLength={100}
            testId="topic-filter-topics"
          />
          <TextField
            label={t('small_talk.filter.text')}
            value={filter.text}
            onChange={(event) => patch({ text: event.target.value })}
            multiline
            minRows={2}
            required={filter.topics.length > 0}
            error={Boolean(errors.text)}
            helperText={errors.text ?? t('small_talk.filter.text_hint')}
            slotProps={{ htmlInput: { maxLength: 1_000, 'data-testid': 'topic-filter-text' } }}
          />
          <TextField
            label={t('small_talk.filter.speech')}
            value={filter.speech}
            onChange={(event) => patch({ speech: event.target.value })}
            multiline
            minRows={2}
            error={Boolean(errors.speech)}
            helperText={errors.speech ?? t('small_talk.filter.speech_hint')}
            slotProps={{ htmlInput: { maxLength: 1_000, 'data-testid': 'topic-filter-speech' } }}
          />
        </>
      )}
    </EditorDialog>
  );
}
