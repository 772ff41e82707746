import { useState, type MouseEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import { DeleteDialog, type DeleteDialogProps } from '@/shared/ui/delete-dialog';
import { CategoryNameDialog } from './category-name-dialog';

const COLUMN_WIDTH = 260;
const COLUMN_HEIGHT = 380;

/** One layer of a category tree as a column shows it. */
export type LayerCategory = {
  category_id: number;
  category_name: string;
  parent_id: number | null;
  has_child: boolean;
};

/** What a column's load gives: its categories, and anything else it lists after them (topics). */
export type LayerColumnQuery<D> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: D | undefined;
};

/** Add, rename and delete of the layers; each resolves true when the change was made. */
export type LayerActions = {
  add: (name: string, parentId: number | null) => Promise<boolean>;
  rename: (id: number, name: string) => Promise<boolean>;
  /** Asks first; `onDeleted` runs after a successful delete. */
  askDelete: (category: { id: number; name: string }, onDeleted?: () => void) => void;
  deleteDialogProps: DeleteDialogProps;
};

export type LayeredColumnsProps<D, C extends LayerCategory = LayerCategory> = {
  /** The query of one column (root when null); a hook, called once per column. */
  useColumn: (categoryId: number | null) => LayerColumnQuery<D>;
  /** The categories of a column's data. */
  categoriesOf: (data: D) => readonly C[];
  /** What else a column lists under its categories (topics); nothing by default. */
  renderItems?: (data: D) => ReactNode;
  /** Whether a column's data has anything in it besides categories. */
  hasItems?: (data: D) => boolean;
  /** A category's second line (how many topics it holds). */
  secondary?: (category: C) => string | undefined;
  /** Every category id of the tree, once loaded: a column of one deleted elsewhere closes. */
  knownIds: ReadonlySet<number> | null;
  actions: LayerActions;
  /** Why a category cannot be deleted (it still holds topics), or null: its Delete is not offered. */
  deleteRefusal?: (categoryId: number) => string | null;
  /** The first column's title. */
  rootTitle: string;
  emptyText: string;
  /** Error text of a failed column load. */
  errorText: (error: unknown) => string;
  /** Test ids start with it: `<prefix>-category-<id>`, `<prefix>-column-<n>`, `<prefix>-menu-add`… */
  testIdPrefix: string;
  /** Label of the strip of columns. */
  ariaLabel?: string;
};

type NameDialog = {
  key: number;
  open: boolean;
  mode: 'add' | 'rename';
  parentId: number | null;
  parentName: string | null;
  category: { id: number; name: string } | null;
};

type ColumnProps<D, C extends LayerCategory> = Pick<
  LayeredColumnsProps<D, C>,
  | 'useColumn'
  | 'categoriesOf'
  | 'renderItems'
  | 'hasItems'
  | 'secondary'
  | 'emptyText'
  | 'errorText'
  | 'testIdPrefix'
> & {
  index: number;
  categoryId: number | null;
  title: string;
  selectedId: number | undefined;
  onOpenCategory: (category: LayerCategory) => void;
  onAddCategory: (parentId: number | null, parentName: string | null) => void;
  onCategoryMenu: (event: MouseEvent<HTMLElement>, category: LayerCategory) => void;
};

function LayerColumn<D, C extends LayerCategory>({
  useColumn,
  categoriesOf,
  renderItems,
  hasItems,
  secondary,
  emptyText,
  errorText,
  testIdPrefix: p,
  index,
  categoryId,
  title,
  selectedId,
  onOpenCategory,
  onAddCategory,
  onCategoryMenu,
}: ColumnProps<D, C>) {
  const { t } = useTranslation();
  const column = useColumn(categoryId);
  const categories = column.data ? categoriesOf(column.data) : [];

  let body;
  if (column.isPending) {
    body = (
      <Box sx={{ p: 1 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Box>
    );
  } else if (column.isError || !column.data) {
    body = (
      <Alert severity="error" sx={{ m: 1 }}>
        {errorText(column.error)}
      </Alert>
    );
  } else if (categories.length === 0 && !hasItems?.(column.data)) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  } else {
    body = (
      <List dense disablePadding>
        {categories.map((category) => (
          <ListItem
            key={`c-${category.category_id}`}
            disablePadding
            // The menu button sits beside the row's button, not inside it (no nested controls):
            // faint until the row is hovered or selected, and shown when it has the focus.
            sx={{
              '& .layer-more': { opacity: 0 },
              '&:hover .layer-more, & .layer-more:focus-visible': { opacity: 1 },
            }}
            secondaryAction={
              <IconButton
                className="layer-more"
                size="small"
                edge="end"
                aria-label={`${t('ai.finder.category_actions')}: ${category.category_name}`}
                onClick={(event) => onCategoryMenu(event, category)}
                data-testid={`${p}-category-menu-${category.category_id}`}
                sx={{ mr: 3, ...(selectedId === category.category_id && { opacity: '1 !important' }) }}
              >
                <MoreVert fontSize="small" />
              </IconButton>
            }
          >
            <ListItemButton
              selected={selectedId === category.category_id}
              onClick={() => onOpenCategory(category)}
              onContextMenu={(event) => {
                event.preventDefault();
                onCategoryMenu(event, category);
              }}
              data-testid={`${p}-category-${category.category_id}`}
              sx={{ pr: '8px !important' }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <FolderOutlined fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={category.category_name}
                secondary={secondary?.(category)}
                slotProps={{ primary: { noWrap: true, title: category.category_name } }}
                sx={{ mr: 4 }}
              />
              <ChevronRight
                fontSize="small"
                color="action"
                aria-label={category.has_child ? t('ai.finder.has_sub_categories') : undefined}
                sx={{ visibility: category.has_child ? 'visible' : 'hidden' }}
              />
            </ListItemButton>
          </ListItem>
        ))}
        {renderItems?.(column.data)}
      </List>
    );
  }

  const addLabel = categoryId === null ? t('categories.add_root') : t('categories.add_sub');
  return (
    <Box
      data-testid={`${p}-column-${index}`}
      sx={{
        width: COLUMN_WIDTH,
        flexShrink: 0,
        height: COLUMN_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 1.5,
          pr: 0.5,
          minHeight: 44,
          bgcolor: 'grey.50',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="subtitle2" noWrap sx={{ flex: 1 }} title={title}>
          {title}
        </Typography>
        <Tooltip title={addLabel}>
          <IconButton
            size="small"
            onClick={() => onAddCategory(categoryId, categoryId === null ? null : title)}
            aria-label={addLabel}
            data-testid={`${p}-add-category-${index}`}
          >
            <CreateNewFolderOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>{body}</Box>
    </Box>
  );
}

/**
 * A layered category tree as Finder-like columns: the first column holds the root layer; opening a
 * category adds a column with the layer under it. Each category has a menu (add a sub-category,
 * rename, delete) with the name dialog and the delete confirm. The topic finder and the location
 * categories both show their trees with it.
 */
export function LayeredColumns<D, C extends LayerCategory = LayerCategory>(props: LayeredColumnsProps<D, C>) {
  const { t } = useTranslation();
  const { actions, knownIds, rootTitle, deleteRefusal, testIdPrefix: p } = props;
  /** The opened categories, one per column after the first. */
  const [path, setPath] = useState<{ id: number; name: string }[]>([]);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; category: LayerCategory } | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog>({
    key: 0,
    open: false,
    mode: 'add',
    parentId: null,
    parentName: null,
    category: null,
  });

  // A category deleted elsewhere closes its column and those after it.
  const gone = knownIds ? path.findIndex((entry) => !knownIds.has(entry.id)) : -1;
  const openPath = gone === -1 ? path : path.slice(0, gone);
  const columns = [
    { categoryId: null, title: rootTitle },
    ...openPath.map((entry) => ({ categoryId: entry.id, title: entry.name })),
  ];

  const openCategory = (index: number, category: LayerCategory) =>
    setPath(() => [...openPath.slice(0, index), { id: category.category_id, name: category.category_name }]);

  const openNameDialog = (patch: Omit<NameDialog, 'key' | 'open'>) =>
    setNameDialog((d) => ({ ...patch, key: d.key + 1, open: true }));

  const menuCategory = menu?.category;
  const refusal = menuCategory ? (deleteRefusal?.(menuCategory.category_id) ?? null) : null;
  const closeMenu = () => setMenu(null);

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          overflowX: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
        role={props.ariaLabel ? 'group' : undefined}
        aria-label={props.ariaLabel}
        data-testid={`${p}-columns`}
      >
        {columns.map((column, index) => (
          <LayerColumn
            key={`${index}-${column.categoryId ?? 'root'}`}
            {...props}
            index={index}
            categoryId={column.categoryId}
            title={column.title}
            selectedId={openPath[index]?.id}
            onOpenCategory={(category) => openCategory(index, category)}
            onAddCategory={(parentId, parentName) =>
              openNameDialog({ mode: 'add', parentId, parentName, category: null })
            }
            onCategoryMenu={(event, category) => setMenu({ anchor: event.currentTarget, category })}
          />
        ))}
      </Box>
      <Menu anchorEl={menu?.anchor ?? null} open={Boolean(menu)} onClose={closeMenu}>
        <MenuItem
          onClick={() => {
            if (menuCategory)
              openNameDialog({
                mode: 'add',
                parentId: menuCategory.category_id,
                parentName: menuCategory.category_name,
                category: null,
              });
            closeMenu();
          }}
          data-testid={`${p}-menu-add`}
        >
          <ListItemIcon>
            <CreateNewFolderOutlined fontSize="small" />
          </ListItemIcon>
          {t('categories.add_sub')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menuCategory)
              openNameDialog({
                mode: 'rename',
                parentId: menuCategory.parent_id,
                parentName: null,
                category: { id: menuCategory.category_id, name: menuCategory.category_name },
              });
            closeMenu();
          }}
          data-testid={`${p}-menu-rename`}
        >
          <ListItemIcon>
            <DriveFileRenameOutline fontSize="small" />
          </ListItemIcon>
          {t('categories.rename')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menuCategory) {
              const id = menuCategory.category_id;
              actions.askDelete({ id, name: menuCategory.category_name }, () =>
                // Close the columns of a deleted category.
                setPath((current) => {
                  const at = current.findIndex((entry) => entry.id === id);
                  return at === -1 ? current : current.slice(0, at);
                }),
              );
            }
            closeMenu();
          }}
          disabled={refusal !== null}
          data-testid={`${p}-menu-delete`}
          sx={{ color: 'error.main', whiteSpace: 'normal', maxWidth: 320 }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common.delete')} secondary={refusal} />
        </MenuItem>
      </Menu>
      <CategoryNameDialog
        key={nameDialog.key}
        open={nameDialog.open}
        mode={nameDialog.mode}
        initialName={nameDialog.category?.name ?? ''}
        parentName={nameDialog.parentName}
        onSubmit={async (name) => {
          if (nameDialog.mode === 'rename' && nameDialog.category) {
            const id = nameDialog.category.id;
            const ok = await actions.rename(id, name);
            if (ok) {
              setPath((current) =>
                current.map((entry) => (entry.id === id ? { ...entry, name: name.trim() } : entry)),
              );
            }
            return ok;
          }
          return actions.add(name, nameDialog.parentId);
        }}
        onClose={() => setNameDialog((d) => ({ ...d, open: false }))}
      />
      <DeleteDialog {...actions.deleteDialogProps} />
    </>
  );
}
