import { Fragment, useState, type FormEvent, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { DeleteDialog } from '@/shared/ui/delete-dialog';
import { RowAction } from '@/shared/ui/row-action';
import { useCategories } from '../api/get-categories';
import { categoryTreeRows, topicsHeld } from '../components/category-tree';
import { categoryNameError } from '@/shared/lib/category-name';
import { useCategoryActions } from '../components/use-category-actions';
import { Spinner } from '@/shared/ui/spinner';

type Editing = { kind: 'add'; parentId: number | null } | { kind: 'rename'; id: number } | null;

const INDENT = 24;

/** An inline name field: Enter saves, Escape cancels. */
function InlineNameEditor({
  initialName,
  depth,
  onSave,
  onCancel,
}: {
  initialName: string;
  depth: number;
  onSave: (name: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const error = touched ? categoryNameError(t, name) : null;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setTouched(true);
    if (categoryNameError(t, name)) return;
    setSaving(true);
    const saved = await onSave(name);
    setSaving(false);
    if (saved) onCancel();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Escape closes the editor, not the whole dialog.
      event.stopPropagation();
      if (!saving) onCancel();
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => void save(event)}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, pl: `${depth * INDENT}px`, py: 0.75 }}
    >
      <TextField
        data-testid="category-name-input"
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('categories.name')}
        autoFocus
        disabled={saving}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: {
            maxLength: 80,
            'aria-label': t('categories.name'),
          },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={saving}
        startIcon={saving ? <Spinner size={14} color="inherit" /> : undefined}
        data-testid="category-save"
        sx={{ flexShrink: 0, mt: 0.25 }}
      >
        {t('common.save')}
      </Button>
      <Button onClick={onCancel} disabled={saving} sx={{ flexShrink: 0, mt: 0.25 }}>
        {t('common.cancel')}
      </Button>
    </Box>
  );
}

/** Category manager: the device's category tree; add root and sub-categories, rename, delete. */
export function CategoryManagerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const actions = useCategoryActions();
  const [editing, setEditing] = useState<Editing>(null);
  const rows = categoryTreeRows(categories.data ?? []);
  const held = (id: number) => topicsHeld(categories.data ?? [], id);

  const addEditor = (parentId: number | null, depth: number) =>
    editing?.kind === 'add' && editing.parentId === parentId ? (
      <InlineNameEditor
        key={`add-${parentId ?? 'root'}`}
        initialName=""
        depth={depth}
        onSave={(name) => actions.add(name, parentId)}
        onCancel={() => setEditing(null)}
      />
    ) : null;

  let body;
  if (categories.isPending) {
    body = [0, 1, 2].map((i) => <Skeleton key={i} height={40} />);
  } else if (categories.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void categories.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorMessage(categories.error, t('errors.unknown'))}
      </Alert>
    );
  } else {
    body = (
      <Box role="tree" aria-label={t('categories.manager_title')}>
        {addEditor(null, 0)}
        {rows.length === 0 && editing === null && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {t('categories.empty')}
          </Typography>
        )}
        {rows.map(({ category, depth }) => {
          const id = category.category_id;
          const renaming = editing?.kind === 'rename' && editing.id === id;
          return (
            <Fragment key={id}>
              {renaming ? (
                <InlineNameEditor
                  initialName={category.category_name}
                  depth={depth}
                  onSave={(name) => actions.rename(id, name)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <Box
                  role="treeitem"
                  aria-level={depth + 1}
                  data-testid={`category-row-${id}`}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    pl: `${depth * INDENT}px`,
                    minHeight: 44,
                    borderBottom: 1,
                    borderColor: 'divider',
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  <FolderOutlined fontSize="small" color={depth === 0 ? 'primary' : 'action'} />
                  <Typography sx={{ flex: 1, minWidth: 0 }} noWrap title={category.category_name}>
                    {category.category_name}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('categories.topic_count', { count: category.topic_count })}
                  />
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    <RowAction
                      label={t('categories.add_sub')}
                      item={category.category_name}
                      icon={<CreateNewFolderOutlined fontSize="small" />}
                      onClick={() => setEditing({ kind: 'add', parentId: id })}
                      testId={`category-add-sub-${id}`}
                    />
                    <RowAction
                      label={t('categories.rename')}
                      item={category.category_name}
                      icon={<DriveFileRenameOutline fontSize="small" />}
                      onClick={() => setEditing({ kind: 'rename', id })}
                      testId={`category-rename-${id}`}
                    />
                    <RowAction
                      label={t('common.delete')}
                      item={category.category_name}
                      icon={<DeleteOutlined fontSize="small" />}
                      onClick={() => actions.askDelete({ id, name: category.category_name })}
                      {...(held(id) > 0 && {
                        disabledReason: t('categories.delete_holds', { count: held(id) }),
                      })}
                      testId={`category-delete-${id}`}
                    />
                  </Box>
                </Box>
              )}
              {addEditor(id, depth + 1)}
            </Fragment>
          );
        })}
      </Box>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 600 } } }}
      aria-labelledby="category-manager-title"
      data-testid="category-manager"
    >
      <DialogTitle id="category-manager-title" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {t('categories.manager_title')}
        </Box>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ kind: 'add', parentId: null })}
          data-testid="category-add-root"
        >
          {t('categories.add_root')}
        </Button>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 240 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('categories.manager_hint')}
        </Typography>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} data-testid="category-manager-close">
          {t('common.close')}
        </Button>
      </DialogActions>
      <DeleteDialog {...actions.deleteDialogProps} />
    </Dialog>
  );
}
