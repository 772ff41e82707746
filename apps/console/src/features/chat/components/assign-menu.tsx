import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/shared/ui/spinner';
import { useChatOperators } from '../api/get-operators';

export type AssignMenuProps = {
  /** The chat's assignee now; null while unassigned. */
  assigneeId: number | null;
  onAssign: (userId: number) => void;
};

/** "Assign to…": the project's operators who may use Live Chat; picking one gives them the chat. */
export function AssignMenu({ assigneeId, onAssign }: AssignMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const operators = useChatOperators(anchor !== null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDown />}
        id={buttonId}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="chat-assign-open"
      >
        {t('chat.assign.to')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        // Kept inside the page's landmarks (axe's region rule), not in a portal after them.
        disablePortal
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        data-testid="chat-assign-menu"
      >
        {operators.isPending && (
          <MenuItem disabled>
            <Spinner size={16} />
          </MenuItem>
        )}
        {operators.error && <MenuItem disabled>{t('chat.assign.operators_failed')}</MenuItem>}
        {operators.data?.map((operator) => (
          <MenuItem
            key={operator.id}
            selected={operator.id === assigneeId}
            onClick={() => {
              close();
              if (operator.id !== assigneeId) onAssign(operator.id);
            }}
            data-testid={`chat-assign-option-${operator.username}`}
          >
            <ListItemIcon>{operator.id === assigneeId && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={operator.username}
              secondary={operator.available ? t('chat.availability.available') : t('chat.availability.away')}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
