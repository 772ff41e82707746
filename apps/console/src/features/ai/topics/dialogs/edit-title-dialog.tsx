import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { ZTopicName, type TopicRef } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUpdateTopicTitle } from '../api/update-topic-title';
import { translateIssue } from '@/shared/lib/rule-message';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';

export type EditTitleDialogProps = {
  open: boolean;
  topic: TopicRef;
  onClose: () => void;
};

/** Edit intent title: renames a topic with PUT intent_title. Mount with a fresh `key`. */
export function EditTitleDialog({ open, topic, onClose }: EditTitleDialogProps) {
  const { t } = useTranslation();
  const updateTitle = useUpdateTopicTitle();
  const [name, setName] = useState(topic.name);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = useChanged(name);

  const check = ZTopicName.safeParse(name);
  const ruleError = submitted && !check.success ? translateIssue(t, check.error.issues[0]!) : null;
  const error = ruleError ?? serverError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    if (!check.success) return;
    if (check.data === topic.name) {
      onClose();
      return;
    }
    setSubmitting(true);
    const result = await notify.run(() => updateTitle.mutateAsync({ id: topic.id, name: check.data }), {
      loading: t('common.updating'),
      success: t('topics.renamed'),
      error: (e) => {
        const message = aiErrorMessage(e, t);
        if (e instanceof ApiError && e.code === 'topic_name_taken') setServerError(message);
        return message;
      },
    });
    setSubmitting(false);
    if (result.ok) onClose();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={t('topics.dialog.rename_title')}
      testId="edit-title-dialog"
      width={400}
      submitLabel={t('common.save')}
    >
      <TextField
        label={t('topics.fields.title')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setServerError(null);
        }}
        required
        fullWidth
        autoFocus
        autoComplete="off"
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { 'data-testid': 'edit-title-name', maxLength: 120 } }}
      />
    </FormDialog>
  );
}
