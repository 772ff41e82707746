import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '@/shared/ui/dialog-buttons';

/**
 * Quit editing? Asked before unsaved changes are left behind (closing an editor, navigating away):
 * keep editing, or quit and lose them. Without words of its own it asks in the shared ones
 * (`unsaved.*` of the shell pack).
 */
export function QuitEditingDialog({
  open,
  onKeep,
  onQuit,
  title,
  body,
  quitLabel,
  keepLabel,
  testId = 'quit-editing-dialog',
  quitTestId = 'quit-editing-confirm',
}: {
  open: boolean;
  onKeep: () => void;
  onQuit: () => void;
} & Partial<QuitWords>) {
  const { t } = useTranslation();
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
      <DialogTitle id={`${id}-title`}>{title ?? t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-body`}>{body ?? t('unsaved.body')}</DialogContentText>
      </DialogContent>
      <DialogButtons
        onCancel={onKeep}
        cancelLabel={keepLabel ?? t('unsaved.keep')}
        submitting={false}
        submitLabel={quitLabel ?? t('unsaved.quit')}
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
  /** The button that stays ("Keep editing" without). */
  keepLabel?: string;
  testId?: string;
  quitTestId?: string;
};

/**
 * Closing an editor with unsaved changes asks first: `requestClose` closes at once when nothing
 * changed, else opens the question; render `dialog` beside the editor. Without `words` it asks in
 * the shared words.
 */
export function useQuitGuard(dirty: boolean, close: () => void, words?: Partial<QuitWords>) {
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

/**
 * Whether a form differs from what it started with (its first render's value, compared as JSON).
 * For a form that starts from a value known when it opens; one whose start loads later compares
 * against the loaded value itself.
 */
export function useChanged(value: unknown): boolean {
  const json = JSON.stringify(value);
  const [first] = useState(json);
  return json !== first;
}
