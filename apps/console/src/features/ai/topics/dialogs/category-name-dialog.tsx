import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/ui/form-dialog';
import { categoryNameError } from '../components/use-category-actions';

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

/** Name of a new or renamed category, from the column browser. Mount with a fresh key per opening. */
export function CategoryNameDialog({
  open,
  mode,
  initialName = '',
  parentName = null,
  onSubmit,
  onClose,
}: CategoryNameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const error = touched ? categoryNameError(t, name) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setTouched(true);
    if (categoryNameError(t, name)) return;
    setSubmitting(true);
    const saved = await onSubmit(name);
    setSubmitting(false);
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={mode === 'add' ? t('categories.add_title') : t('categories.rename_title')}
      testId="category-name-dialog"
      width={400}
      submitLabel={mode === 'add' ? t('common.add') : t('common.save')}
      submitTestId="category-save"
    >
      {mode === 'add' && (
        <Typography variant="body2" color="text.secondary">
          {parentName ? t('categories.sub_of', { name: parentName }) : t('categories.root_hint')}
        </Typography>
      )}
      <TextField
        label={t('categories.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        error={Boolean(error)}
        helperText={error ?? ' '}
        data-testid="category-name-input"
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
    </FormDialog>
  );
}
