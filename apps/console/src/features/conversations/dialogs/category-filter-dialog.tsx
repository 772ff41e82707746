import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { useConversationCategories } from '../api/get-categories';

/** Past this many names a box to narrow the list appears. */
const FIND_FROM = 8;

export type CategoryFilterDialogProps = {
  open: boolean;
  deviceIds: number[];
  selected: string[];
  exclude: boolean;
  onApply: (choice: { categories: string[]; exclude: boolean }) => void;
  onClose: () => void;
};

/**
 * Conversation review filter: tick category names of the chosen devices' topics; the
 * list shows conversations of those, or with "exclude" of every other. Mount with a fresh `key`.
 */
export function CategoryFilterDialog({
  open,
  deviceIds,
  selected,
  exclude,
  onApply,
  onClose,
}: CategoryFilterDialogProps) {
  const { t } = useTranslation();
  const categories = useConversationCategories(deviceIds, open);
  const [chosen, setChosen] = useState<string[]>(selected);
  const [excluding, setExcluding] = useState(exclude);
  const [find, setFind] = useState('');
  const dirty = useChanged({ chosen, excluding });

  // Names from the address that the devices no longer have still show, so they can be unticked.
  const names = [...(categories.data ?? []), ...selected.filter((name) => !categories.data?.includes(name))];
  const needle = find.trim().toLocaleLowerCase();
  const shown = needle ? names.filter((name) => name.toLocaleLowerCase().includes(needle)) : names;

  const toggle = (name: string, on: boolean) =>
    setChosen((current) => (on ? [...current, name] : current.filter((n) => n !== name)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Keep the order of the list, not of the clicks: the same choice gives the same address.
    const ordered = names.filter((name) => chosen.includes(name));
    onApply({ categories: ordered, exclude: ordered.length > 0 && excluding });
    onClose();
  };

  let list;
  if (categories.isError) {
    list = (
      <Box sx={{ py: 2, textAlign: 'center' }} role="alert">
        <Typography variant="body2" color="error" sx={{ mb: 1 }}>
          {errorMessage(categories.error, t('errors.unknown'))}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void categories.refetch()}>
          {t('common.retry')}
        </Button>
      </Box>
    );
  } else if (categories.isPending && names.length === 0) {
    list = [0, 1, 2, 3].map((i) => <Skeleton key={i} height={36} />);
  } else if (names.length === 0) {
    list = (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="category-filter-empty">
        {t('conversations.categories.empty')}
      </Typography>
    );
  } else {
    list = (
      <Box
        role="group"
        aria-label={t('conversations.categories.title')}
        sx={{ display: 'flex', flexDirection: 'column', maxHeight: 320, overflowY: 'auto', mx: -1, px: 1 }}
      >
        {shown.map((name) => (
          <FormControlLabel
            key={name}
            sx={{ mr: 0, '& .MuiFormControlLabel-label': { minWidth: 0, overflowWrap: 'anywhere' } }}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
                slotProps={{ input: { 'data-testid': `category-filter-option-${name}` } as object }}
              />
            }
            label={name}
          />
        ))}
        {shown.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t('conversations.categories.no_match', { find: find.trim() })}
          </Typography>
        )}
      </Box>
    );
  }

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={submit}
      submitting={false}
      title={t('conversations.categories.title')}
      testId="category-filter-dialog"
      width={430}
      submitLabel={t('conversations.categories.apply')}
      submitTestId="category-filter-apply"
    >
      <Typography variant="body2" color="text.secondary">
        {t('conversations.categories.hint')}
      </Typography>
      {names.length > FIND_FROM && (
        <TextField
          value={find}
          onChange={(event) => setFind(event.target.value)}
          placeholder={t('conversations.categories.find')}
          slotProps={{
            htmlInput: { 'aria-label': t('conversations.categories.find') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {names.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ flex: 1 }}
            data-testid="category-filter-count"
          >
            {t('conversations.categories.count', { selected: chosen.length, total: names.length })}
          </Typography>
          <Button size="small" onClick={() => setChosen(names)} disabled={chosen.length === names.length}>
            {t('conversations.categories.select_all')}
          </Button>
          <Button
            size="small"
            onClick={() => setChosen([])}
            disabled={chosen.length === 0}
            data-testid="category-filter-none"
          >
            {t('conversations.categories.select_none')}
          </Button>
        </Box>
      )}
      <Box>{list}</Box>
      <Divider />
      <FormControlLabel
        control={
          <Switch
            checked={excluding}
            onChange={(event) => setExcluding(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'category-filter-exclude' } as object }}
          />
        }
        label={
          <Box>
            <Typography variant="body2">{t('conversations.categories.exclude')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {excluding
                ? t('conversations.categories.exclude_on')
                : t('conversations.categories.exclude_off')}
            </Typography>
          </Box>
        }
      />
    </FormDialog>
  );
}
