import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LANGUAGES, ZKeywordText, type Language, type TopicRef } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { TopicAutocomplete } from '@/shared/ui/topic-autocomplete';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAutoComplete } from '../api/get-auto-complete';
import { useTrainTopic } from '../api/train-topic';
import { translateIssue } from '@/shared/lib/rule-message';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { SUGGESTION_DEBOUNCE_MS } from './topic-dialog';

export type TrainDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Preset topic (the question page); the operator can still pick another. */
  topic?: TopicRef | null;
  /** Preset language; defaults to the user's first language. */
  language?: Language;
  /** Preset utterance (Conversation Review trains what a visitor said). */
  text?: string;
  /** Called after the phrase was trained. */
  onTrained?: (topic: TopicRef) => void;
};

/**
 * Train existing topic: choose a topic by searching, a language and the utterance; it
 * is added to the topic as a trained phrase. Mount with a fresh `key` each time it opens.
 */
export function TrainDialog({
  open,
  onClose,
  topic = null,
  language,
  text = '',
  onTrained,
}: TrainDialogProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const train = useTrainTopic();
  const [chosen, setChosen] = useState<TopicRef | null>(topic);
  const [search, setSearch] = useState(topic?.name ?? '');
  const [lang, setLang] = useState<Language>(language ?? auth.user_info?.languages[0] ?? 'english');
  const [utterance, setUtterance] = useState(text);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const dirty = useChanged({ chosen, search, utterance });

  const debounced = useDebouncedValue(search.trim(), SUGGESTION_DEBOUNCE_MS);
  const typedName = chosen && search === chosen.name;
  const suggestions = useAutoComplete(typedName ? '' : debounced);
  const options: TopicRef[] = (suggestions.data ?? []).map((s) => ({ id: s.id, name: s.name }));
  if (chosen && !options.some((o) => o.id === chosen.id)) options.unshift(chosen);

  const textCheck = ZKeywordText.safeParse(utterance);
  const errors = {
    topic: submitted && !chosen ? t('topics.train.topic_required') : null,
    text: submitted && !textCheck.success ? translateIssue(t, textCheck.error.issues[0]!) : null,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    if (!chosen || !textCheck.success) return;
    setSubmitting(true);
    const target = chosen;
    const result = await notify.run(
      () => train.mutateAsync({ intent_id: target.id, language: lang, text: textCheck.data }),
      {
        loading: t('topics.train.training'),
        success: t('topics.train.trained', { name: target.name }),
        error: (e) => aiErrorMessage(e, t),
      },
    );
    setSubmitting(false);
    if (!result.ok) return;
    onTrained?.(target);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={t('topics.train.title')}
      testId="train-dialog"
      width={430}
      submitLabel={t('topics.train.submit')}
    >
      <TopicAutocomplete
        value={chosen}
        onChange={setChosen}
        search={search}
        onSearch={setSearch}
        options={options}
        loading={suggestions.isFetching}
        label={t('topics.train.topic')}
        hint={t('topics.train.topic_hint')}
        noMatches={t('topics.train.no_topics')}
        searched={Boolean(debounced)}
        error={errors.topic}
        testId="train-topic"
        optionTestId="train-topic-option"
      />
      <TextField
        select
        label={t('topics.train.language')}
        value={lang}
        onChange={(event) => setLang(event.target.value as Language)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'train-language' } as object } }}
      >
        {LANGUAGES.map((l) => (
          <MenuItem key={l} value={l}>
            {t(`languages.${l}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('topics.train.utterance')}
        value={utterance}
        onChange={(event) => setUtterance(event.target.value)}
        required
        multiline
        minRows={2}
        autoFocus={Boolean(topic)}
        error={Boolean(errors.text)}
        helperText={errors.text ?? t('topics.train.utterance_hint')}
        slotProps={{ htmlInput: { 'data-testid': 'train-text', maxLength: 200 } }}
      />
    </FormDialog>
  );
}
