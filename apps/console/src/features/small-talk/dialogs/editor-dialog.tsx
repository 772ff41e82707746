import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, type FormDialogProps } from '@/shared/ui/form-dialog';

type Guard = { requestClose: () => void; dialog: ReactNode };

/** A Small Talk settings dialog: a Save form whose Cancel asks before unsaved changes are lost. */
export function EditorDialog({
  guard,
  ...form
}: Omit<FormDialogProps, 'onClose' | 'width' | 'submitLabel' | 'open'> & { guard: Guard }) {
  const { t } = useTranslation();
  return (
    <>
      <FormDialog open onClose={guard.requestClose} width={640} submitLabel={t('common.save')} {...form} />
      {guard.dialog}
    </>
  );
}
