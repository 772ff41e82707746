import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import type { Transfer } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useTransfers } from '../api/get-transfers';
import { useUndoTransfer } from '../api/undo-transfer';

const TransferDialog = lazy(async () => ({
  default: (await import('../dialogs/transfer-dialog')).TransferDialog,
}));

export type TransferState = 'restored' | 'expired' | 'undoable';

export function transferState(transfer: Transfer, now: number): TransferState {
  if (transfer.restored_at) return 'restored';
  if (Date.parse(transfer.expires_at) <= now) return 'expired';
  return 'undoable';
}

function UndoDialog({
  transfer,
  open,
  onClose,
}: {
  transfer: Transfer | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const undo = useUndoTransfer();
  const [submitting, setSubmitting] = useState(false);
  const language = i18n.resolvedLanguage ?? 'en';

  const confirm = async () => {
    if (!transfer || submitting) return;
    setSubmitting(true);
    const result = await notify.run(() => undo.mutateAsync(transfer.id), {
      loading: t('transfer.undoing'),
      success: ({ message }) => message || t('transfer.undone'),
    });
    setSubmitting(false);
    if (result.ok) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={() => !submitting && onClose()}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 430 } } }}
      aria-labelledby="transfer-undo-title"
      data-testid="undo-transfer-dialog"
    >
      <DialogTitle id="transfer-undo-title">{t('transfer.undo_title')}</DialogTitle>
      <DialogContent>
        {transfer && (
          <DialogContentText>
            {t('transfer.undo_body', {
              dest: transfer.dest_description,
              source: transfer.source_description,
              time: formatDateTime(transfer.created_at, language),
            })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogButtons
        onCancel={() => !submitting && onClose()}
        submitting={submitting}
        submitLabel={t('transfer.undo')}
        onSubmit={() => void confirm()}
        color="error"
      />
    </Dialog>
  );
}

/** Transfers into the selected device, each undoable until it expires; and the way to start one. */
export function TransferCard() {
  const { t, i18n } = useTranslation();
  const deviceId = useAiDeviceId();
  const transfers = useTransfers();
  const language = i18n.resolvedLanguage ?? 'en';
  const [dialog, setDialog] = useState({ key: 0, open: false });
  const [undo, setUndo] = useState<{ open: boolean; transfer: Transfer | null }>({
    open: false,
    transfer: null,
  });
  // Read once per render: expiry is shown, the server decides.
  const [now] = useState(() => Date.now());

  let list;
  if (transfers.isPending) {
    list = [0, 1].map((i) => <Skeleton key={i} height={56} />);
  } else if (transfers.isError) {
    list = (
      <Typography color="error" variant="body2">
        {errorMessage(transfers.error, t('errors.unknown'))}
      </Typography>
    );
  } else if (transfers.data.length === 0) {
    list = (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {t('transfer.history_empty')}
      </Typography>
    );
  } else {
    list = transfers.data.map((transfer) => {
      const state = transferState(transfer, now);
      return (
        <Box
          key={transfer.id}
          data-testid={`transfer-item-${transfer.id}`}
          data-state={state}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { borderBottom: 0 },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {transfer.source_description || t('transfer.deleted_device')}
              </Typography>
              <ArrowForward sx={{ fontSize: 16 }} color="action" aria-label={t('transfer.to')} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {transfer.dest_description}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('transfer.by', {
                time: formatDateTime(transfer.created_at, language),
                user: transfer.created_by,
              })}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {state === 'restored'
                ? t('transfer.restored_at', { time: formatDateTime(transfer.restored_at, language) })
                : state === 'expired'
                  ? t('transfer.expired_at', { time: formatDateTime(transfer.expires_at, language) })
                  : t('transfer.expires_at', { time: formatDateTime(transfer.expires_at, language) })}
            </Typography>
          </Box>
          {state === 'undoable' ? (
            <Button
              size="small"
              variant="outlined"
              color="error"
              startIcon={<UndoOutlined />}
              onClick={() => setUndo({ open: true, transfer })}
              data-testid={`transfer-undo-${transfer.id}`}
              sx={{ flexShrink: 0 }}
            >
              {t('transfer.undo')}
            </Button>
          ) : (
            <Chip
              size="small"
              label={state === 'restored' ? t('transfer.state_restored') : t('transfer.state_expired')}
              sx={{ flexShrink: 0 }}
            />
          )}
        </Box>
      );
    });
  }

  return (
    <Card data-testid="ai-transfers">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <SwapHorizOutlined color="primary" />
          <Typography sx={{ fontWeight: 600, flex: 1 }}>{t('transfer.card_title')}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('transfer.card_hint')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<SwapHorizOutlined />}
          onClick={() => setDialog((d) => ({ key: d.key + 1, open: true }))}
          disabled={deviceId === null}
          data-testid="ai-transfer-open"
          sx={{ mb: 1.5 }}
        >
          {t('transfer.open')}
        </Button>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('transfer.history')}
        </Typography>
        <Box data-testid="transfer-history" sx={{ maxHeight: 300, overflowY: 'auto' }}>
          {list}
        </Box>
      </CardContent>
      {dialog.key > 0 && (
        <Suspense fallback={null}>
          <TransferDialog
            key={dialog.key}
            open={dialog.open}
            sourceId={deviceId}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        </Suspense>
      )}
      <UndoDialog
        open={undo.open}
        transfer={undo.transfer}
        onClose={() => setUndo((u) => ({ ...u, open: false }))}
      />
    </Card>
  );
}
