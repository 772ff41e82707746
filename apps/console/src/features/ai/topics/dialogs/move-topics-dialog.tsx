import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/ui/form-dialog';
import { CategorySelect } from '../components/category-select';

export type MoveTopicsDialogProps = {
  open: boolean;
  /** How many topics are picked. */
  count: number;
  onClose: () => void;
  /** Moves them; resolves true when done (the dialog closes). */
  onMove: (categoryId: number) => Promise<boolean>;
};

/** Bulk "Move to category": the category tree to pick from; sub-topics go with their parents. */
export function MoveTopicsDialog({ open, count, onClose, onMove }: MoveTopicsDialogProps) {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const [submitting, setSubmitting] = useState(false);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      dirty={categoryId !== ''}
      title={t('topics.bulk.move_title', { count })}
      testId="topics-move-dialog"
      submitting={submitting}
      submitLabel={t('topics.bulk.move')}
      submitDisabled={categoryId === ''}
      submitTestId="topics-move-confirm"
      onSubmit={(event) => {
        event.preventDefault();
        if (categoryId === '') return;
        setSubmitting(true);
        void onMove(categoryId).then((done) => {
          setSubmitting(false);
          if (done) onClose();
        });
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('topics.bulk.move_hint')}
      </Typography>
      <CategorySelect value={categoryId} onChange={setCategoryId} testId="topics-move-category" />
    </FormDialog>
  );
}
