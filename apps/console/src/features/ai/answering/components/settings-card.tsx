import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { useTranslation } from 'react-i18next';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useAiSettings } from '../api/get-ai-settings';
import { useUpdateRelatedIntents } from '../api/update-related-intents';
import { notify } from '@/shared/ui/snackbar/snackbar-store';

/**
 * The device's AI settings. The related-intents switch shows the server's value: it flips only
 * after a successful update and so stays where it was when the update fails.
 */
export function SettingsCard() {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const settings = useAiSettings();
  const update = useUpdateRelatedIntents();
  const enabled = settings.data?.is_enabled_related_intents ?? false;

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
          {update.isPending && <CircularProgress size={18} aria-label={t('common.updating')} />}
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
      </CardContent>
    </Card>
  );
}
