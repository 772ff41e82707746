import type { FormEvent, ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons, type DialogButtonsProps } from './dialog-buttons';

export type FormDialogProps = {
  open: boolean;
  /** Called by Cancel and Escape; a stray backdrop click never throws a half-filled form away. */
  onClose: () => void;
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

/** A dialog around one form: title, fields, and Cancel / submit (disabled while submitting). */
export function FormDialog({
  open,
  onClose,
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
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !submitting) onClose();
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
        <DialogButtons onCancel={onClose} submitting={submitting} {...buttons} />
      </form>
    </Dialog>
  );
}
