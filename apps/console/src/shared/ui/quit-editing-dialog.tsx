import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { DialogButtons } from '@/shared/ui/dialog-buttons';

/**
 * Quit editing? Asked before unsaved changes are left behind (closing an editor, navigating away):
 * keep editing, or quit and lose them. The editor gives its own words.
 */
export function QuitEditingDialog({
  open,
  onKeep,
  onQuit,
  title,
  body,
  quitLabel,
  testId = 'quit-editing-dialog',
  quitTestId = 'quit-editing-confirm',
}: {
  open: boolean;
  onKeep: () => void;
  onQuit: () => void;
  title: string;
  body: string;
  quitLabel: string;
  testId?: string;
  quitTestId?: string;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 400 } } }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-testid={testId}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-body`}>{body}</DialogContentText>
      </DialogContent>
      <DialogButtons
        onCancel={onKeep}
        submitting={false}
        submitLabel={quitLabel}
        onSubmit={onQuit}
        color="error"
        submitTestId={quitTestId}
      />
    </Dialog>
  );
}

export type QuitWords = {
  title: string;
  body: string;
  quitLabel: string;
  testId?: string;
  quitTestId?: string;
};

/**
 * Closing an editor with unsaved changes asks first: `requestClose` closes at once when nothing
 * changed, else opens the question; render `dialog` beside the editor.
 */
export function useQuitGuard(dirty: boolean, close: () => void, words: QuitWords) {
  const [asking, setAsking] = useState(false);
  const dialog = (
    <QuitEditingDialog
      open={asking}
      onKeep={() => setAsking(false)}
      onQuit={() => {
        setAsking(false);
        close();
      }}
      {...words}
    />
  );
  return { requestClose: () => (dirty ? setAsking(true) : close()), dialog };
}
