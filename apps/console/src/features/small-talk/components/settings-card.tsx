import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import type { SmallTalkSettings } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/shared/ui/retry-alert';
import { errorMessage } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useSmallTalkSettings, useUpdateSmallTalkSettings } from '../api/settings';

type Key = keyof SmallTalkSettings;

/**
 * The two switches (small talk on or off, topic filter on or off) and the way to the topic filter
 * and the prompt. A switch moves only once the server has saved it; a failure leaves it where it
 * was and says why.
 */
export function SettingsCard({
  deviceId,
  onTopicFilter,
  onPrompt,
}: {
  deviceId: number;
  onTopicFilter: () => void;
  onPrompt: () => void;
}) {
  const { t } = useTranslation();
  const settings = useSmallTalkSettings(deviceId);
  const update = useUpdateSmallTalkSettings();
  const [saving, setSaving] = useState<Key | null>(null);

  const toggle = async (key: Key, on: boolean) => {
    setSaving(key);
    await notify.run(() => update.mutateAsync({ device_id: deviceId, [key]: on }), {
      loading: t('common.updating'),
      success: t(on ? `small_talk.settings.${key}_on` : `small_talk.settings.${key}_off`),
      error: (error) => errorMessage(error, t('small_talk.settings.failed')),
    });
    setSaving(null);
  };

  const row = (key: Key, description: string) => (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={settings.data?.[key] ?? false}
            disabled={!settings.data || update.isPending}
            onChange={(event) => void toggle(key, event.target.checked)}
            slotProps={{ input: { 'data-testid': `small-talk-switch-${key}` } as object }}
          />
        }
        label={t(`small_talk.settings.${key}`)}
      />
      <Typography variant="body2" color="text.secondary" sx={{ ml: 6, mt: -0.5 }}>
        {saving === key ? t('common.updating') : description}
      </Typography>
    </Box>
  );

  return (
    <Card component="section" aria-labelledby="small-talk-settings-title" data-testid="small-talk-settings">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="small-talk-settings-title" component="h2" sx={{ fontWeight: 600, fontSize: 16 }}>
          {t('small_talk.settings.title')}
        </Typography>
        {settings.isError ? (
          <RetryAlert
            error={settings.error}
            fallback={t('small_talk.load_failed')}
            onRetry={() => void settings.refetch()}
          />
        ) : !settings.data ? (
          <Skeleton variant="rounded" height={96} />
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {row('is_enabled_smalltalk', t('small_talk.settings.is_enabled_smalltalk_hint'))}
            {row('is_enabled_topic_filter', t('small_talk.settings.is_enabled_topic_filter_hint'))}
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<BlockOutlined />}
            onClick={onTopicFilter}
            data-testid="small-talk-open-filter"
          >
            {t('small_talk.filter.open')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PsychologyOutlined />}
            onClick={onPrompt}
            data-testid="small-talk-open-prompt"
          >
            {t('small_talk.prompt.open')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
