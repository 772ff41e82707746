import { useState, type FormEvent } from 'react';
import type { Avatar } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { AvatarNameField, useAvatarName } from '../components/avatar-name-field';

/** Rename / edit animated avatar name. */
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
  const name = useAvatarName(avatar.name);
  const [submitting, setSubmitting] = useState(false);
  const dirty = useChanged(name.field.value);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = name.checked();
    if (checked === null) return;
    setSubmitting(true);
    const saved = await onSave(checked);
    setSubmitting(false);
    if (saved) onClose();
  };
  return (
    <FormDialog
      open
      dirty={dirty}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
      title={t('interface.avatars.rename_dialog.title')}
      testId="avatar-rename-dialog"
      submitLabel={t('interface.avatars.rename_dialog.save')}
    >
      <AvatarNameField
        label={t('interface.avatars.rename_dialog.name')}
        testId="avatar-name-input"
        {...name.field}
      />
    </FormDialog>
  );
}
