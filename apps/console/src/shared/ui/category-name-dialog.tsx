import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NameDialog } from '@/shared/ui/name-dialog';
import { categoryNameError } from '@/shared/lib/category-name';

export type CategoryNameDialogProps = {
  open: boolean;
  mode: 'add' | 'rename';
  /** The current name when renaming. */
  initialName?: string;
  /** Where a new category goes ("Sub-category of Shops"); null for a root category. */
  parentName?: string | null;
  /** Resolves true when saved (the dialog closes). */
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
};

/**
 * Name of a new or renamed category, from the column browser (topics and locations). Mount with a
 * fresh key per opening. Its words are the AI string pack's `categories.*`, loaded by every screen
 * that shows it.
 */
export function CategoryNameDialog({
  open,
  mode,
  initialName = '',
  parentName = null,
  onSubmit,
  onClose,
}: CategoryNameDialogProps) {
  const { t } = useTranslation();
  return (
    <NameDialog
      open={open}
      title={mode === 'add' ? t('categories.add_title') : t('categories.rename_title')}
      label={t('categories.name')}
      initialName={initialName}
      maxLength={80}
      validate={(name) => categoryNameError(t, name)}
      intro={
        mode === 'add' && (
          <Typography variant="body2" color="text.secondary">
            {parentName ? t('categories.sub_of', { name: parentName }) : t('categories.root_hint')}
          </Typography>
        )
      }
      submitLabel={mode === 'add' ? t('common.add') : t('common.save')}
      testIds={{ dialog: 'category-name-dialog', input: 'category-name-input', submit: 'category-save' }}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
