import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from '../lib/shortcuts';

/** "?": the console's keyboard shortcuts. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={id}
      data-testid="shortcuts-dialog"
    >
      <DialogTitle id={id}>{t('search.shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('search.shortcuts.keys')}</TableCell>
              <TableCell>{t('search.shortcuts.does')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SHORTCUTS.map((s) => (
              <TableRow key={s.action}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ` ${t('search.shortcuts.or')} `}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </TableCell>
                <TableCell>{t(`search.shortcuts.${s.action}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="shortcuts-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
