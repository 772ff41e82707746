import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/shared/ui/spinner';

export type DialogButtonsProps = {
  onCancel: () => void;
  /** The cancel button's words; "Cancel" without. */
  cancelLabel?: string;
  submitting: boolean;
  submitLabel: string;
  /** Without it the submit button submits its form. */
  onSubmit?: () => void;
  submitDisabled?: boolean;
  color?: 'primary' | 'error';
  submitTestId?: string;
};

/** Cancel and submit for every dialog: both disabled while submitting, a spinner on submit. */
export function DialogButtons({
  onCancel,
  cancelLabel,
  submitting,
  submitLabel,
  onSubmit,
  submitDisabled = false,
  color = 'primary',
  submitTestId = 'dialog-submit',
}: DialogButtonsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={submitting} data-testid="dialog-cancel">
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        onClick={onSubmit}
        color={color}
        variant="contained"
        disabled={submitting || submitDisabled}
        startIcon={submitting ? <Spinner size={16} color="inherit" /> : undefined}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
