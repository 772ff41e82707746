import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '@/shared/ui/dialog-buttons';

export type EndChatDialogProps = {
  open: boolean;
  visitorName: string;
  submitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** "End this chat?": the visitor can no longer write, and the kiosk asks how satisfied they were. */
export function EndChatDialog({ open, visitorName, submitting, onCancel, onConfirm }: EndChatDialogProps) {
  const { t } = useTranslation();
  const titleId = 'end-chat-title';
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onCancel}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: 420 } } }}
      data-testid="end-chat-dialog"
    >
      <DialogTitle id={titleId}>{t('chat.end.title', { name: visitorName })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('chat.end.body')}</DialogContentText>
      </DialogContent>
      <DialogButtons
        onCancel={onCancel}
        submitting={submitting}
        submitLabel={t('chat.end.confirm')}
        onSubmit={onConfirm}
        color="error"
        submitTestId="end-chat-confirm"
      />
    </Dialog>
  );
}
