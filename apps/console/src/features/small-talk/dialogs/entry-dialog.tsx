import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { SMALL_TALK_MAX_QUESTIONS } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { LinesField } from '../components/lines-field';
import { entryErrors, type DraftEntry } from '../lib/draft';

/**
 * Adds or edits one small-talk entry of the list being edited: the ways a visitor says it, the
 * answer, and (optionally) what the avatar says instead. Nothing is saved until the list is.
 * Key it per opening.
 */
export function EntryDialog({
  open,
  entry,
  isNew,
  onClose,
  onDone,
}: {
  open: boolean;
  entry: DraftEntry;
  isNew: boolean;
  onClose: () => void;
  onDone: (entry: DraftEntry) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(entry);
  const [checked, setChecked] = useState(false);
  const dirty = useChanged(draft);
  const errors = checked ? entryErrors(t, draft) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(entryErrors(t, draft)).length > 0) return;
    onDone({ ...draft, answer: draft.answer.trim(), speech: draft.speech.trim() });
  };

  const questionsError =
    errors.questions ?? Object.entries(errors).find(([path]) => path.startsWith('questions.'))?.[1];
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={submit}
      submitting={false}
      title={isNew ? t('small_talk.entry.add_title') : t('small_talk.entry.edit_title')}
      testId="small-talk-entry-dialog"
      width={560}
      submitLabel={t('small_talk.entry.done')}
      submitTestId="small-talk-entry-done"
    >
      <LinesField
        label={t('small_talk.entry.questions')}
        values={draft.questions}
        onChange={(questions) => setDraft((d) => ({ ...d, questions }))}
        error={questionsError}
        hint={t('small_talk.entry.questions_hint', { max: SMALL_TALK_MAX_QUESTIONS })}
        max={SMALL_TALK_MAX_QUESTIONS}
        maxLength={200}
        testId="small-talk-questions"
      />
      <TextField
        label={t('small_talk.entry.answer')}
        value={draft.answer}
        onChange={(event) => setDraft((d) => ({ ...d, answer: event.target.value }))}
        multiline
        minRows={2}
        required
        error={Boolean(errors.answer)}
        helperText={errors.answer ?? t('small_talk.entry.answer_hint')}
        slotProps={{ htmlInput: { maxLength: 1_000, 'data-testid': 'small-talk-answer' } }}
      />
      <TextField
        label={t('small_talk.entry.speech')}
        value={draft.speech}
        onChange={(event) => setDraft((d) => ({ ...d, speech: event.target.value }))}
        multiline
        minRows={2}
        error={Boolean(errors.speech)}
        helperText={errors.speech ?? t('small_talk.entry.speech_hint')}
        slotProps={{ htmlInput: { maxLength: 1_000, 'data-testid': 'small-talk-speech' } }}
      />
    </FormDialog>
  );
}
