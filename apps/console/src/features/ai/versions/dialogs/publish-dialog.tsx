import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AI_VERSION_NOTE_MAX, type DraftChanges } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/ui/form-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { usePublish } from '@/features/ai/common/api/versions';

/** What the draft changed, in words: "2 topics added, 1 changed" (or the first publish). */
export function useChangesText() {
  const { t } = useTranslation();
  return (changes: DraftChanges | null) => {
    if (!changes) return t('ai.versions.first_publish');
    const parts = [
      changes.added > 0 && t('ai.versions.added', { count: changes.added }),
      changes.changed > 0 && t('ai.versions.changed', { count: changes.changed }),
      changes.removed > 0 && t('ai.versions.removed', { count: changes.removed }),
      changes.other && t('ai.versions.other'),
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(t('ai.versions.separator')) : t('ai.versions.no_changes');
  };
}

/** Publish the draft with a note of what changed: the kiosks answer from it at once. */
export function PublishDialog({
  open,
  deviceId,
  changes,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  changes: DraftChanges | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const publish = usePublish();
  const changesText = useChangesText();
  const [note, setNote] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    const result = await notify.run(() => publish.mutateAsync({ device_id: deviceId, note }), {
      loading: t('ai.versions.publishing'),
      success: ({ number }) => t('ai.versions.published', { number }),
    });
    setSubmitting(false);
    if (result.ok) onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      dirty={note.trim() !== ''}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={t('ai.versions.publish_title')}
      testId="publish-dialog"
      width={480}
      submitLabel={t('ai.versions.publish')}
      submitTestId="publish-submit"
    >
      <Typography variant="body2" data-testid="publish-changes">
        {changesText(changes)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {changes ? t('ai.versions.publish_body') : t('ai.versions.first_publish_body')}
      </Typography>
      <TextField
        label={t('ai.versions.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        placeholder={t('ai.versions.note_placeholder')}
        slotProps={{ htmlInput: { maxLength: AI_VERSION_NOTE_MAX, 'data-testid': 'publish-note' } }}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
