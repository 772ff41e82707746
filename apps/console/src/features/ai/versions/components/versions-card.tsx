import { useState } from 'react';
import Alert from '@mui/material/Alert';
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
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import type { AiVersion } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useRestoreVersion, useStopDrafts, useVersions } from '@/features/ai/common/api/versions';
import { PublishDialog, useChangesText } from '../dialogs/publish-dialog';

type Confirm = { kind: 'restore'; version: AiVersion } | { kind: 'stop' };

/** A confirm of a restore or of turning drafts off: what it does, then do it. */
function ConfirmDialog({
  confirm,
  open,
  deviceId,
  onClose,
}: {
  confirm: Confirm | null;
  open: boolean;
  deviceId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const restore = useRestoreVersion();
  const stop = useStopDrafts();
  const [submitting, setSubmitting] = useState(false);

  const run = async () => {
    if (!confirm || submitting) return;
    setSubmitting(true);
    const result =
      confirm.kind === 'restore'
        ? await notify.run(() => restore.mutateAsync({ deviceId, versionId: confirm.version.id }), {
            loading: t('ai.versions.restoring'),
            success: () => t('ai.versions.restored', { number: confirm.version.number }),
          })
        : await notify.run(() => stop.mutateAsync(deviceId), {
            loading: t('ai.versions.stopping'),
            success: () => t('ai.versions.stopped'),
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
      slotProps={{ paper: { sx: { maxWidth: 460 } } }}
      aria-labelledby="version-confirm-title"
      data-testid="version-confirm-dialog"
    >
      <DialogTitle id="version-confirm-title">
        {confirm?.kind === 'restore'
          ? t('ai.versions.restore_title', { number: confirm.version.number })
          : t('ai.versions.stop_title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {confirm?.kind === 'restore' ? t('ai.versions.restore_body') : t('ai.versions.stop_body')}
        </DialogContentText>
      </DialogContent>
      <DialogButtons
        onCancel={() => !submitting && onClose()}
        submitting={submitting}
        submitLabel={confirm?.kind === 'restore' ? t('ai.versions.restore') : t('ai.versions.stop')}
        onSubmit={() => void run()}
        color={confirm?.kind === 'stop' ? 'error' : 'primary'}
        submitTestId="version-confirm-submit"
      />
    </Dialog>
  );
}

/**
 * Draft and publish (/ai): what the kiosks answer from (the live version, or every edit at once
 * before the first publish), what the draft changed since, Publish, and the versions to restore.
 */
export function VersionsCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const deviceId = useAiDeviceId();
  const versions = useVersions();
  const changesText = useChangesText();
  const [publish, setPublish] = useState({ key: 0, open: false });
  const [confirm, setConfirm] = useState<{ open: boolean; confirm: Confirm | null }>({
    open: false,
    confirm: null,
  });
  const ask = (c: Confirm) => setConfirm({ open: true, confirm: c });

  let body;
  if (versions.isPending) body = <Skeleton height={96} />;
  else if (versions.isError)
    body = (
      <Typography color="error" variant="body2">
        {errorMessage(versions.error, t('errors.unknown'))}
      </Typography>
    );
  else {
    const { live, changes, versions: list } = versions.data;
    body = (
      <>
        {live ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
            <Chip
              color="success"
              size="small"
              label={t('ai.versions.live', { number: live.number })}
              data-testid="versions-live"
            />
            <Typography variant="caption" color="text.secondary">
              {t('ai.versions.published_by', {
                user: live.published_by,
                time: formatDateTime(live.published_at, language),
              })}
            </Typography>
          </Box>
        ) : (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="versions-off">
            {t('ai.versions.off')}
          </Alert>
        )}
        {live && (
          <Typography
            variant="body2"
            sx={{ mb: 1, fontWeight: changes?.any ? 600 : 400 }}
            data-testid="versions-changes"
            data-changed={changes?.any ? 'true' : 'false'}
          >
            {changes?.any
              ? t('ai.versions.draft_changes', { changes: changesText(changes) })
              : t('ai.versions.draft_same')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Button
            variant="contained"
            startIcon={<PublishOutlined />}
            disabled={deviceId === null || (live !== null && !changes?.any)}
            onClick={() => setPublish((p) => ({ key: p.key + 1, open: true }))}
            data-testid="versions-publish"
          >
            {t('ai.versions.publish')}
          </Button>
          {live && (
            <Button color="error" onClick={() => ask({ kind: 'stop' })} data-testid="versions-stop">
              {t('ai.versions.stop')}
            </Button>
          )}
        </Box>
        {list.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('ai.versions.history')}
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: 260, overflowY: 'auto' }}>
              {list.map((version) => (
                <Box
                  component="li"
                  key={version.id}
                  data-testid={`version-${version.number}`}
                  sx={{
                    display: 'flex',
                    gap: 1,
                    alignItems: 'center',
                    py: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    '&:last-of-type': { borderBottom: 0 },
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {t('ai.versions.version', { number: version.number })}
                      {version.note && ` · ${version.note}`}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('ai.versions.counts', {
                        topics: t('ai.versions.topics', { count: version.topics }),
                        phrases: t('ai.versions.phrases', { count: version.phrases }),
                        time: formatDateTime(version.created_at, language),
                        user: version.created_by,
                      })}
                    </Typography>
                  </Box>
                  {live?.version_id === version.id ? (
                    <Chip size="small" label={t('ai.versions.live_chip')} sx={{ flexShrink: 0 }} />
                  ) : (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => ask({ kind: 'restore', version })}
                      data-testid={`version-restore-${version.number}`}
                      aria-label={t('ai.versions.restore_label', { number: version.number })}
                      sx={{ flexShrink: 0 }}
                    >
                      {t('ai.versions.restore')}
                    </Button>
                  )}
                </Box>
              ))}
            </Box>
          </>
        )}
        {publish.key > 0 && deviceId !== null && (
          <PublishDialog
            key={publish.key}
            open={publish.open}
            deviceId={deviceId}
            changes={live ? changes : null}
            onClose={() => setPublish((p) => ({ ...p, open: false }))}
          />
        )}
      </>
    );
  }

  return (
    <Card data-testid="ai-versions">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <HistoryOutlined color="primary" />
          <Typography component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {t('ai.versions.title')}
          </Typography>
        </Box>
        {body}
      </CardContent>
      {deviceId !== null && (
        <ConfirmDialog
          open={confirm.open}
          confirm={confirm.confirm}
          deviceId={deviceId}
          onClose={() => setConfirm((c) => ({ ...c, open: false }))}
        />
      )}
    </Card>
  );
}
