import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { SMALL_TALK_PROMPT_MAX, ZSmallTalkPrompt } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/shared/ui/retry-alert';
import { errorMessage } from '@/shared/api/api-error';
import { translateIssue } from '@/shared/lib/rule-message';
import { EditorDialog } from './editor-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { usePrompt, useSavePrompt } from '../api/prompt';

/** The persona prompt, used only when a language model is configured. Key it per opening. */
export function PromptDialog({
  open,
  deviceId,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const prompt = usePrompt(deviceId, open);
  const save = useSavePrompt();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? prompt.data?.prompt ?? '';
  const dirty = draft !== null && draft !== (prompt.data?.prompt ?? '');
  const check = ZSmallTalkPrompt.safeParse({ prompt: text });
  const error = check.success ? null : translateIssue(t, check.error.issues[0]!);
  const length = text.trim().length;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.success) return;
    if (!dirty) {
      onClose();
      return;
    }
    const result = await notify.run(
      () => save.mutateAsync({ device_id: deviceId, prompt: check.data.prompt }),
      {
        loading: t('small_talk.saving'),
        success: t('small_talk.prompt.saved'),
        error: (e) => errorMessage(e, t('small_talk.prompt.save_failed')),
      },
    );
    if (result.ok) onClose();
  };

  return (
    <EditorDialog
      onClose={onClose}
      dirty={dirty}
      onSubmit={(event) => void submit(event)}
      submitting={save.isPending}
      title={t('small_talk.prompt.title')}
      testId="prompt-dialog"
      submitDisabled={!prompt.data || Boolean(error)}
      submitTestId="prompt-save"
    >
      <Alert severity="info" data-testid="prompt-model-note">
        {t('small_talk.prompt.model_note')}
      </Alert>
      {prompt.isError ? (
        <RetryAlert
          error={prompt.error}
          fallback={t('small_talk.load_failed')}
          onRetry={() => void prompt.refetch()}
        />
      ) : !prompt.data ? (
        <Skeleton variant="rounded" height={200} aria-busy="true" />
      ) : (
        <TextField
          label={t('small_talk.prompt.label')}
          value={text}
          onChange={(event) => setDraft(event.target.value)}
          multiline
          minRows={6}
          maxRows={16}
          error={Boolean(error)}
          helperText={
            <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <span>{error ?? t('small_talk.prompt.hint')}</span>
              <span data-testid="prompt-counter">
                {t('small_talk.prompt.counter', { n: length, max: SMALL_TALK_PROMPT_MAX })}
              </span>
            </span>
          }
          slotProps={{ htmlInput: { 'data-testid': 'prompt-input' } }}
        />
      )}
    </EditorDialog>
  );
}
