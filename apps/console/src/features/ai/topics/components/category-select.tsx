import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCategories } from '@/features/ai/topics/api/get-categories';
import { categoryTreeRows } from './category-tree';

export type CategorySelectProps = {
  value: number | '';
  onChange: (categoryId: number) => void;
  /** `data-testid` of the select; its options get `<testId>-option-<id>`. */
  testId: string;
  required?: boolean;
  error?: string | undefined;
};

/** A topic category from the device's tree, sub-categories indented under their parents. */
export function CategorySelect({ value, onChange, testId, required, error }: CategorySelectProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const rows = categoryTreeRows(categories.data ?? []);
  return (
    <TextField
      select
      fullWidth
      label={t('topics.fields.category')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      required={required}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        select: {
          SelectDisplayProps: { 'data-testid': testId } as object,
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
        },
      }}
    >
      {rows.map(({ category, depth }) => (
        <MenuItem
          key={category.category_id}
          value={category.category_id}
          sx={{ pl: 2 + depth * 2 }}
          data-testid={`${testId}-option-${category.category_id}`}
        >
          {category.category_name}
        </MenuItem>
      ))}
    </TextField>
  );
}
