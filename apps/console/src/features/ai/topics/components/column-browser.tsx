import { useState, type MouseEvent } from 'react';
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
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import type { Category } from '@ambassador/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { DeleteDialog } from '@/shared/ui/delete-dialog';
import { useColumnFinder } from '../api/get-column-finder';
import { useCategories } from '../api/get-categories';
import { CategoryNameDialog } from '../dialogs/category-name-dialog';
import { useCategoryActions } from './use-category-actions';

const COLUMN_WIDTH = 260;
const COLUMN_HEIGHT = 380;

type NameDialog = {
  key: number;
  open: boolean;
  mode: 'add' | 'rename';
  parentId: number | null;
  parentName: string | null;
  category: { id: number; name: string } | null;
};

type ColumnProps = {
  index: number;
  categoryId: number | null;
  title: string;
  selectedId: number | undefined;
  onOpenCategory: (category: Category) => void;
  onAddCategory: (parentId: number | null, parentName: string | null) => void;
  onCategoryMenu: (event: MouseEvent<HTMLElement>, category: Category) => void;
};

function FinderColumn({
  index,
  categoryId,
  title,
  selectedId,
  onOpenCategory,
  onAddCategory,
  onCategoryMenu,
}: ColumnProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const column = useColumnFinder(categoryId);

  let body;
  if (column.isPending) {
    body = (
      <Box sx={{ p: 1 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Box>
    );
  } else if (column.isError) {
    body = (
      <Alert severity="error" sx={{ m: 1 }}>
        {errorMessage(column.error, t('errors.unknown'))}
      </Alert>
    );
  } else if (column.data.categories.length === 0 && column.data.intents.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
        {t('ai.finder.column_empty')}
      </Typography>
    );
  } else {
    body = (
      <List dense disablePadding>
        {column.data.categories.map((category) => (
          <ListItem key={`c-${category.category_id}`} disablePadding>
            <ListItemButton
              selected={selectedId === category.category_id}
              onClick={() => onOpenCategory(category)}
              onContextMenu={(event) => {
                event.preventDefault();
                onCategoryMenu(event, category);
              }}
              data-testid={`finder-category-${category.category_id}`}
              sx={{ pr: 0.5, '&:hover .finder-more, &.Mui-selected .finder-more': { visibility: 'visible' } }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <FolderOutlined fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={category.category_name}
                secondary={t('categories.topic_count', { count: category.topic_count })}
                slotProps={{ primary: { noWrap: true, title: category.category_name } }}
              />
              <IconButton
                className="finder-more"
                size="small"
                aria-label={`${t('ai.finder.category_actions')}: ${category.category_name}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onCategoryMenu(event, category);
                }}
                data-testid={`finder-category-menu-${category.category_id}`}
                sx={{ visibility: 'hidden' }}
              >
                <MoreVert fontSize="small" />
              </IconButton>
              <ChevronRight
                fontSize="small"
                color="action"
                aria-label={category.has_child ? t('ai.finder.has_sub_categories') : undefined}
                sx={{ visibility: category.has_child ? 'visible' : 'hidden' }}
              />
            </ListItemButton>
          </ListItem>
        ))}
        {column.data.intents.map((topic) => (
          <ListItem key={`t-${topic.id}`} disablePadding>
            <ListItemButton
              onClick={() => void navigate(`/ai/keyword/question/${topic.id}`)}
              data-testid={`finder-topic-${topic.id}`}
              data-active={topic.is_activated ? 'true' : 'false'}
              sx={{ opacity: topic.is_activated ? 1 : 0.55 }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <QuestionAnswerOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={topic.name}
                secondary={
                  [
                    topic.is_activated ? null : t('ai.finder.inactive'),
                    topic.sub_topic_count > 0
                      ? t('ai.finder.sub_topic_count', { count: topic.sub_topic_count })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || undefined
                }
                slotProps={{ primary: { noWrap: true, title: topic.name } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <Box
      data-testid={`finder-column-${index}`}
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
        <Tooltip title={categoryId === null ? t('categories.add_root') : t('categories.add_sub')}>
          <IconButton
            size="small"
            onClick={() => onAddCategory(categoryId, categoryId === null ? null : title)}
            aria-label={categoryId === null ? t('categories.add_root') : t('categories.add_sub')}
            data-testid={`finder-add-category-${index}`}
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
 * Finder-like column browser: the first column holds root categories and root topics; opening a
 * category adds a column with its sub-categories and topics. Topics open their page.
 */
export function ColumnBrowser() {
  const { t } = useTranslation();
  const actions = useCategoryActions();
  const categories = useCategories();
  /** The opened categories, one per column after the first. */
  const [path, setPath] = useState<{ id: number; name: string }[]>([]);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; category: Category } | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog>({
    key: 0,
    open: false,
    mode: 'add',
    parentId: null,
    parentName: null,
    category: null,
  });

  // A category deleted elsewhere (the category manager) closes its column and those after it.
  const known = categories.data ? new Set(categories.data.map((c) => c.category_id)) : null;
  const gone = known ? path.findIndex((entry) => !known.has(entry.id)) : -1;
  const openPath = gone === -1 ? path : path.slice(0, gone);
  const columns = [
    { categoryId: null, title: t('ai.finder.root') },
    ...openPath.map((entry) => ({ categoryId: entry.id, title: entry.name })),
  ];

  const openCategory = (index: number, category: Category) =>
    setPath(() => [...openPath.slice(0, index), { id: category.category_id, name: category.category_name }]);

  const openNameDialog = (patch: Omit<NameDialog, 'key' | 'open'>) =>
    setNameDialog((d) => ({ ...patch, key: d.key + 1, open: true }));

  const menuCategory = menu?.category;
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
        data-testid="finder-columns"
      >
        {columns.map((column, index) => (
          <FinderColumn
            key={`${index}-${column.categoryId ?? 'root'}`}
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
          data-testid="finder-menu-add"
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
          data-testid="finder-menu-rename"
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
          data-testid="finder-menu-delete"
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlined fontSize="small" />
          </ListItemIcon>
          {t('common.delete')}
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
