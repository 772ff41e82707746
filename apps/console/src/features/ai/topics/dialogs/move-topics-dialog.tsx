import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useCategories } from '@/features/ai/topics/api/get-categories';
import { categoryTreeRows } from '../components/category-tree';

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
  const categories = useCategories();
  const rows = categoryTreeRows(categories.data ?? []);
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
      <TextField
        select
        fullWidth
        label={t('topics.fields.category')}
        value={categoryId}
        onChange={(event) => setCategoryId(Number(event.target.value))}
        slotProps={{
          select: {
            SelectDisplayProps: { 'data-testid': 'topics-move-category' } as object,
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
          },
        }}
      >
        {rows.map(({ category, depth }) => (
          <MenuItem
            key={category.category_id}
            value={category.category_id}
            sx={{ pl: 2 + depth * 2 }}
            data-testid={`topics-move-option-${category.category_id}`}
          >
            {category.category_name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
