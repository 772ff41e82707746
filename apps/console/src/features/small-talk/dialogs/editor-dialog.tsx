import { useTranslation } from 'react-i18next';
import { FormDialog, type FormDialogProps } from '@/shared/ui/form-dialog';

/** A Small Talk settings dialog: a Save form whose Cancel asks before unsaved changes are lost. */
export function EditorDialog({ onClose, ...form }: Omit<FormDialogProps, 'width' | 'submitLabel' | 'open'>) {
  const { t } = useTranslation();
  return <FormDialog open onClose={onClose} width={640} submitLabel={t('common.save')} {...form} />;
}
