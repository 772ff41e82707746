import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { ZAvatarName, type Avatar } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateIssue } from '@/shared/lib/rule-message';
import { FormDialog } from '@/shared/ui/form-dialog';

/** Rename / edit animated avatar name (SPEC §2). */
export function RenameAvatarDialog({
  avatar,
  onClose,
  onSave,
}: {
  avatar: Avatar;
  onClose: () => void;
  /** Resolves true when saved (the dialog closes). */
  onSave: (name: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(avatar.name);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const check = ZAvatarName.safeParse(name);
    if (!check.success) {
      setError(translateIssue(t, check.error.issues[0]!));
      return;
    }
    setSubmitting(true);
    const saved = await onSave(check.data);
    setSubmitting(false);
    if (saved) onClose();
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
      title={t('interface.avatars.rename_dialog.title')}
      testId="avatar-rename-dialog"
      submitLabel={t('interface.avatars.rename_dialog.save')}
    >
      <TextField
        autoFocus
        label={t('interface.avatars.rename_dialog.name')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'avatar-name-input' } }}
      />
    </FormDialog>
  );
}
