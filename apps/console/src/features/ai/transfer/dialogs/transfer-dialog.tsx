import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import { TRANSFER_UNDO_HOURS } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useCopyDevice } from '../api/copy-device';

export type TransferDialogProps = {
  open: boolean;
  /** The device whose AI data is copied. */
  sourceId: number | null;
  onClose: () => void;
};

/**
 * Transfer A.I. Data: copy every topic, keyword, response, alias and AI setting of the
 * source device onto another device of the project, replacing what it had. Persistent, max width
 * 430. Mount it with a fresh `key` per opening.
 */
export function TransferDialog({ open, sourceId, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const { device_list: devices } = useAuth();
  const copy = useCopyDevice();
  const [destId, setDestId] = useState<number | ''>('');
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const source = devices.find((device) => device.id === sourceId);
  const destinations = devices.filter((device) => device.id !== sourceId);
  const destError = submitted && destId === '' ? t('transfer.dest_required') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    if (destId === '' || sourceId === null) return;
    setSubmitting(true);
    const result = await notify.run(() => copy.mutateAsync({ source_id: sourceId, dest_id: destId }), {
      loading: t('transfer.transferring'),
      success: ({ message, transfer }) =>
        [
          message || t('transfer.done'),
          transfer.matcher?.state === 'training' ? t('transfer.learning') : '',
          t('transfer.undo_hint'),
        ]
          .filter(Boolean)
          .join(' '),
    });
    setSubmitting(false);
    if (result.ok) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        // Persistent: neither the backdrop nor Escape closes it.
      }}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 430 } } }}
      aria-labelledby="transfer-dialog-title"
      data-testid="transfer-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="transfer-dialog-title">{t('transfer.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('transfer.source')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="transfer-source">
              {source?.description ?? '—'}
            </Typography>
          </Box>
          <ArrowDownward color="action" sx={{ justifySelf: 'center' }} aria-hidden />
          <TextField
            select
            required
            label={t('transfer.destination')}
            value={destId === '' ? '' : String(destId)}
            onChange={(event) => setDestId(Number(event.target.value))}
            error={Boolean(destError)}
            helperText={destError ?? (destinations.length === 0 ? t('transfer.no_other_devices') : ' ')}
            disabled={submitting}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfer-dest' } as object } }}
          >
            {destinations.map((device) => (
              <MenuItem
                key={device.id}
                value={String(device.id)}
                data-testid={`transfer-dest-option-${device.id}`}
              >
                {device.description}
              </MenuItem>
            ))}
          </TextField>
          <Alert severity="warning" data-testid="transfer-warning">
            {t('transfer.warning')}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {t('transfer.undo_note', { hours: TRANSFER_UNDO_HOURS })}
          </Typography>
        </DialogContent>
        <DialogButtons
          onCancel={() => !submitting && onClose()}
          submitting={submitting}
          submitLabel={t('transfer.confirm')}
          color="error"
          submitTestId="transfer-confirm"
        />
      </form>
    </Dialog>
  );
}
