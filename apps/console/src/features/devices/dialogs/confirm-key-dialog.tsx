import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSingleFlight } from '@/shared/lib/use-single-flight';
import { DialogButtons } from '@/shared/ui/dialog-buttons';

export type ConfirmKeyDialogProps = {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  color?: 'primary' | 'error';
  onCancel: () => void;
  /** Runs the action; the dialog shows it as submitting until it settles. */
  onConfirm: () => Promise<void>;
};

/** Confirm a key rotation or revocation: persistent, both buttons disabled while it runs. */
export function ConfirmKeyDialog({
  open,
  title,
  body,
  confirmLabel,
  color = 'primary',
  onCancel,
  onConfirm,
}: ConfirmKeyDialogProps) {
  const flight = useSingleFlight();
  const submitting = flight.running;
  const confirm = () => flight.run(onConfirm);

  return (
    <Dialog
      open={open}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 420 } } }}
      aria-labelledby="confirm-key-dialog-title"
      onClose={() => {
        if (!submitting) onCancel();
      }}
      data-testid="confirm-key-dialog"
    >
      <DialogTitle id="confirm-key-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogButtons
        onCancel={onCancel}
        submitting={submitting}
        submitLabel={confirmLabel}
        onSubmit={() => void confirm()}
        color={color}
        submitTestId="confirm-key-submit"
      />
    </Dialog>
  );
}
