import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Trans, useTranslation } from 'react-i18next';

/** Where a device opens the kiosk app to pair (the server serves it at /kiosk/). */
export const KIOSK_PATH = '/kiosk/';

export type DeviceKeyDialogProps = {
  open: boolean;
  /** The device's name, for the title. */
  name: string;
  /** The plain key: the server keeps only its hash, so this is the one time it can be shown. */
  deviceKey: string;
  onClose: () => void;
  /** After the closing transition: the page drops the key from memory. */
  onExited?: () => void;
};

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * Shows a new device key once. It closes only with "I have copied it": a stray click on the
 * backdrop or Escape would lose the key for good.
 */
export function DeviceKeyDialog({ open, name, deviceKey, onClose, onExited }: DeviceKeyDialogProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const kioskUrl = `${window.location.origin}${KIOSK_PATH}`;

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  const selectKey = () => {
    input.current?.focus();
    input.current?.select();
  };

  const copyKey = async () => {
    try {
      // Missing outside secure contexts (the console on plain http): falls through to the catch.
      await navigator.clipboard.writeText(deviceKey);
      setCopy('copied');
    } catch {
      selectKey();
      let copied: boolean;
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
      setCopy(copied ? 'copied' : 'manual');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        // Neither the backdrop nor Escape: the key is shown only once.
      }}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 520 } }, transition: { onExited } }}
      aria-labelledby="device-key-dialog-title"
      data-testid="device-key-dialog"
    >
      <DialogTitle id="device-key-dialog-title">{t('devices.key_dialog.title', { name })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Alert severity="warning" data-testid="device-key-warning">
          {t('devices.key_dialog.shown_once')}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={t('devices.key_dialog.key_label')}
            value={deviceKey}
            inputRef={input}
            fullWidth
            onFocus={(event) => event.target.select()}
            helperText={copy === 'manual' ? t('devices.key_dialog.copy_manual') : ' '}
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                'data-testid': 'device-key-value',
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
              },
            }}
          />
          <Button
            variant="outlined"
            onClick={() => void copyKey()}
            startIcon={copy === 'copied' ? <CheckIcon /> : <ContentCopyOutlined />}
            sx={{ mt: 1, flexShrink: 0 }}
            data-testid="device-key-copy"
          >
            {copy === 'copied' ? t('devices.key_dialog.copied') : t('devices.key_dialog.copy')}
          </Button>
        </Box>
        <Typography variant="body2" data-testid="device-key-pairing">
          <Trans
            i18nKey="devices.key_dialog.pair"
            values={{ url: kioskUrl }}
            components={{
              link: (
                <Link href={KIOSK_PATH} target="_blank" rel="noopener" data-testid="device-key-kiosk-link" />
              ),
            }}
          />
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid="device-key-done">
          {t('devices.key_dialog.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
