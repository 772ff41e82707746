import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useAiSettings } from '../api/get-ai-settings';
import { useUpdateRelatedIntents } from '../api/update-related-intents';
import { AnswerConfidenceDialog } from '../dialogs/answer-confidence-dialog';
import { formatPercent } from '@/shared/lib/percent';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { Spinner } from '@/shared/ui/spinner';

/**
 * The device's AI settings. The related-intents switch shows the server's value: it flips only
 * after a successful update and so stays where it was when the update fails. Answer confidence
 * opens its dialog (a slider with a preview over the device's recent questions).
 */
export function SettingsCard() {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const settings = useAiSettings();
  const update = useUpdateRelatedIntents();
  const enabled = settings.data?.is_enabled_related_intents ?? false;
  const [confidence, setConfidence] = useState({ key: 0, open: false });
  const own = settings.data?.answer_confidence ?? null;

  const toggle = (next: boolean) => {
    if (deviceId === null || update.isPending) return;
    void notify.run(() => update.mutateAsync({ device_id: deviceId, is_enabled_related_intents: next }), {
      loading: t('common.updating'),
      success: next ? t('ai.settings.related_on') : t('ai.settings.related_off'),
    });
  };

  return (
    <Card data-testid="ai-settings" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <TuneOutlined color="primary" />
          <Typography sx={{ fontWeight: 600 }}>{t('ai.settings.title')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography component="label" htmlFor="ai-related-toggle" sx={{ fontWeight: 500 }}>
              {t('ai.settings.related')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('ai.settings.related_hint')}
            </Typography>
          </Box>
          {update.isPending && <Spinner size={18} label={t('common.updating')} />}
          {settings.isPending ? (
            <Skeleton variant="rounded" width={52} height={32} />
          ) : (
            <Switch
              checked={enabled}
              disabled={update.isPending || settings.isError}
              onChange={(event) => toggle(event.target.checked)}
              slotProps={{ input: { id: 'ai-related-toggle', 'data-testid': 'ai-related-toggle' } as object }}
            />
          )}
        </Box>
        <Divider sx={{ my: 1.5 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 500 }} id="ai-confidence-heading">
              {t('ai.confidence.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="answer-confidence-value">
              {settings.data
                ? t(own === null ? 'ai.confidence.card_default' : 'ai.confidence.card_own', {
                    value: formatPercent(own ?? settings.data.default_answer_confidence),
                  })
                : '\u00a0'}
            </Typography>
          </Box>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setConfidence((c) => ({ key: c.key + 1, open: true }))}
            disabled={!settings.data || deviceId === null}
            aria-describedby="ai-confidence-heading"
            data-testid="answer-confidence-open"
          >
            {t('ai.confidence.adjust')}
          </Button>
        </Box>
      </CardContent>
      {confidence.key > 0 && settings.data && deviceId !== null && (
        <AnswerConfidenceDialog
          key={confidence.key}
          open={confidence.open}
          deviceId={deviceId}
          settings={settings.data}
          onClose={() => setConfidence((c) => ({ ...c, open: false }))}
        />
      )}
    </Card>
  );
}
