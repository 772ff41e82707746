import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { columnLabel, type Column } from './data-table';

/** What is remembered: the columns the operator turned on and off (others keep their default). */
type Choice = { shown: string[]; hidden: string[] };
const NO_CHOICE: Choice = { shown: [], hidden: [] };

/** localStorage key of one user's column choice on one page. */
export function columnChoiceKey(userId: number | null | undefined, page: string): string {
  return `table_columns:${userId ?? 'anonymous'}:${page}`;
}

function readChoice(key: string): Choice {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return NO_CHOICE;
    const parsed = JSON.parse(raw) as Partial<Choice>;
    const ids = (value: unknown) =>
      Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
    return { shown: ids(parsed.shown), hidden: ids(parsed.hidden) };
  } catch {
    return NO_CHOICE;
  }
}

function writeChoice(key: string, choice: Choice) {
  try {
    localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    // Storage full or blocked: the choice holds for this visit only.
  }
}

export type ColumnChoice<T> = {
  /** The columns to show, in their order. */
  visible: Column<T>[];
  /** Every column the chooser lists. */
  all: Column<T>[];
  isVisible: (id: string) => boolean;
  toggle: (id: string) => void;
  reset: () => void;
};

/**
 * Which columns of a table the operator shows, remembered per user and page in localStorage.
 * A column is shown unless it is `defaultHidden`, until the operator says otherwise.
 */
export function useColumnChoice<T>(page: string, columns: Column<T>[]): ColumnChoice<T> {
  const userId = useAuth().user_info?.user_id;
  const key = columnChoiceKey(userId, page);
  const [state, setState] = useState(() => ({ key, choice: readChoice(key) }));
  // Another user signed in on this browser: their own choice.
  const choice = state.key === key ? state.choice : readChoice(key);

  const isVisible = (id: string) => {
    const column = columns.find((c) => c.id === id);
    if (!column) return false;
    if (column.hideable === false) return true;
    if (choice.shown.includes(id)) return true;
    if (choice.hidden.includes(id)) return false;
    return !column.defaultHidden;
  };

  const save = (next: Choice) => {
    writeChoice(key, next);
    setState({ key, choice: next });
  };

  return {
    visible: columns.filter((column) => isVisible(column.id)),
    all: columns,
    isVisible,
    toggle: (id) => {
      const show = !isVisible(id);
      save({
        shown: [...choice.shown.filter((x) => x !== id), ...(show ? [id] : [])],
        hidden: [...choice.hidden.filter((x) => x !== id), ...(show ? [] : [id])],
      });
    },
    reset: () => {
      try {
        localStorage.removeItem(key);
      } catch {
        // Nothing stored to remove.
      }
      setState({ key, choice: NO_CHOICE });
    },
  };
}

/** The "Columns" button: a menu of the table's columns to tick on or off. */
export function ColumnChooser<T>({
  choice,
  testId = 'column-chooser',
}: {
  choice: ColumnChoice<T>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `${testId}-menu`;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        data-testid={testId}
      >
        {t('table.columns')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { dense: true, 'aria-label': t('table.columns_menu') } }}
      >
        {choice.all
          .filter((column) => column.hideable !== false)
          .map((column) => {
            const on = choice.isVisible(column.id);
            return (
              <MenuItem
                key={column.id}
                role="menuitemcheckbox"
                aria-checked={on}
                onClick={() => choice.toggle(column.id)}
                data-testid={`${testId}-option-${column.id}`}
              >
                <ListItemIcon>
                  <Checkbox
                    edge="start"
                    size="small"
                    checked={on}
                    tabIndex={-1}
                    disableRipple
                    sx={{ p: 0 }}
                  />
                </ListItemIcon>
                <ListItemText>{columnLabel(column)}</ListItemText>
              </MenuItem>
            );
          })}
        <Divider />
        <MenuItem onClick={choice.reset} data-testid={`${testId}-reset`}>
          <ListItemText inset>{t('table.columns_reset')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
