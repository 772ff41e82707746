import type { FormEvent, ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons, type DialogButtonsProps } from './dialog-buttons';
import { useQuitGuard, type QuitWords } from './quit-editing-dialog';

export type FormDialogProps = {
  open: boolean;
  /** Called by Cancel and Escape; a stray backdrop click never throws a half-filled form away. */
  onClose: () => void;
  /**
   * Unsaved changes: Cancel and Escape ask first (keep editing, or quit and lose them), in the
   * shared words unless `quitWords` gives the editor's own.
   */
  dirty?: boolean;
  quitWords?: Partial<QuitWords>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  title: ReactNode;
  /** `data-testid` of the dialog; its title gets `<testId>-title` as id. */
  testId: string;
  width?: number;
  /** Extra attributes on the dialog root, e.g. `data-mode`. */
  dataAttributes?: Record<`data-${string}`, string>;
  children: ReactNode;
} & Pick<DialogButtonsProps, 'submitLabel' | 'submitDisabled' | 'submitTestId' | 'color'>;

/**
 * A dialog around one form: title, fields, and Cancel / submit (disabled while submitting). The one
 * rule of every form: with unsaved changes (`dirty`), Cancel and Escape ask before closing.
 */
export function FormDialog({
  open,
  onClose,
  dirty = false,
  quitWords,
  onSubmit,
  submitting,
  title,
  testId,
  width = 400,
  dataAttributes,
  children,
  ...buttons
}: FormDialogProps) {
  const titleId = `${testId}-title`;
  const guard = useQuitGuard(dirty, onClose, quitWords);
  return (
    <>
      <Dialog
        open={open}
        onClose={(_event, reason) => {
          if (reason !== 'backdropClick' && !submitting) guard.requestClose();
        }}
        maxWidth={false}
        fullWidth
        slotProps={{ paper: { sx: { maxWidth: width } } }}
        aria-labelledby={titleId}
        data-testid={testId}
        {...dataAttributes}
      >
        {/* A column that fills the paper: a tall form scrolls its fields, never its buttons. */}
        <form
          onSubmit={onSubmit}
          noValidate
          style={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}
        >
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>{children}</DialogContent>
          <DialogButtons onCancel={guard.requestClose} submitting={submitting} {...buttons} />
        </form>
      </Dialog>
      {guard.dialog}
    </>
  );
}
