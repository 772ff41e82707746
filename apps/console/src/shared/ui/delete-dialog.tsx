import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { deleteDialogText, type DeleteType } from './delete-dialog-text';
import { DialogButtons } from './dialog-buttons';

/** Type and item clear 100 ms after the dialog closes, so its text does not vanish as it starts to fade. */
export const DELETE_DIALOG_RESET_MS = 100;

export type DeleteDialogProps = {
  open: boolean;
  type: DeleteType | null;
  item?: string | null;
  /** A bulk delete: how many records (the text counts them instead of naming one). */
  count?: number | null;
  /** Whether Undo can take it back, when this delete differs from its type's (users in bulk). */
  undoable?: boolean | null;
  /**
   * Why this record cannot be deleted now (e.g. which events use a quiz): shown instead of what a
   * delete would do, and Delete is disabled.
   */
  refusal?: string | null;
  onCancel: () => void;
  /** Runs the delete. The dialog shows it as submitting until it settles. */
  onConfirm: () => Promise<void>;
};

/** Delete confirm: persistent, max width 400, Cancel and Delete disabled while submitting. */
export function DeleteDialog({
  open,
  type,
  item,
  count,
  undoable,
  refusal,
  onCancel,
  onConfirm,
}: DeleteDialogProps) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const text = type ? deleteDialogText(t, type, item, count, undoable) : null;
  const titleId = 'delete-dialog-title';

  const confirm = async () => {
    setSubmitting(true);
    try {
      await onConfirm();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog
      open={open}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 400 } } }}
      aria-labelledby={titleId}
      onClose={() => {
        // Persistent: neither the backdrop nor Escape closes it.
      }}
      data-testid="delete-dialog"
    >
      <DialogTitle id={titleId}>{text?.title}</DialogTitle>
      <DialogContent>
        {/* A refused delete says only why: not "will be deleted" and then "cannot be deleted". */}
        {!refusal && (
          <DialogContentText sx={{ overflowWrap: 'anywhere' }} data-testid="delete-dialog-body">
            {text?.body}
          </DialogContentText>
        )}
        {!refusal && text?.also && (
          <DialogContentText sx={{ mt: 1.5 }} data-testid="delete-dialog-also">
            {text.also}
          </DialogContentText>
        )}
        {refusal && (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="delete-dialog-refusal">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogButtons
        onCancel={onCancel}
        submitting={submitting}
        submitLabel={t('common.delete')}
        onSubmit={() => void confirm()}
        submitDisabled={!type || Boolean(refusal)}
        color="error"
        submitTestId="delete-confirm"
      />
    </Dialog>
  );
}

type DeleteRequest = {
  type: DeleteType;
  item?: string | null;
  count?: number | null;
  undoable?: boolean | null;
  /** Why it cannot be deleted now: the dialog says so and keeps Delete disabled. */
  refusal?: string | null;
  /** Resolve true when deleted (the dialog closes), false to keep it open (the error was shown). */
  run: () => Promise<boolean>;
};

/** State for one DeleteDialog: `confirmDelete.ask({type, item, run})`, spread `dialogProps`. */
export function useDeleteDialog() {
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = useCallback((next: DeleteRequest) => {
    clearTimeout(timer.current);
    setRequest(next);
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setRequest(null), DELETE_DIALOG_RESET_MS);
  }, []);

  const onConfirm = useCallback(async () => {
    if (!request) return;
    const deleted = await request.run();
    if (deleted) close();
  }, [request, close]);

  const dialogProps: DeleteDialogProps = {
    open,
    type: request?.type ?? null,
    item: request?.item ?? null,
    count: request?.count ?? null,
    undoable: request?.undoable ?? null,
    refusal: request?.refusal ?? null,
    onCancel: close,
    onConfirm,
  };
  return { ask, close, dialogProps };
}
