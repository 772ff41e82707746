import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import HistoryToggleOffOutlined from '@mui/icons-material/HistoryToggleOffOutlined';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useRetention, useUpdateRetention } from '../api/retention';
import { Spinner } from '@/shared/ui/spinner';

/** The periods offered; 0 stands for "keep for ever". A value set through the API shows as its own. */
const CHOICES = [0, 30, 90, 180, 365, 730, 1825];

/**
 * Data retention: how long visitor conversations are kept. A daily job deletes older ones; the
 * default keeps them for ever.
 */
export function RetentionCard() {
  const { t } = useTranslation();
  const retention = useRetention();
  const update = useUpdateRetention();
  const saved = retention.data?.conversation_retention_days ?? 0;
  const [chosen, setChosen] = useState<number | null>(null);
  const value = chosen ?? saved;
  const choices = CHOICES.includes(saved) ? CHOICES : [...CHOICES, saved].sort((a, b) => a - b);
  const label = (days: number) =>
    days === 0 ? t('settings.retention.forever') : t('settings.retention.days', { count: days });

  const save = async () => {
    const days = value === 0 ? null : value;
    const result = await notify.run(() => update.mutateAsync({ conversation_retention_days: days }), {
      loading: t('common.updating'),
      success: t('settings.retention.saved'),
    });
    if (result.ok) setChosen(null);
  };

  return (
    <Card data-testid="retention-card">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <HistoryToggleOffOutlined color="primary" sx={{ fontSize: 36 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('settings.retention.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('settings.retention.description')}
          </Typography>
          {retention.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void retention.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {errorMessage(retention.error, t('errors.unknown'))}
            </Alert>
          ) : (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControl
                size="small"
                sx={{ minWidth: 200 }}
                disabled={retention.isPending || update.isPending}
              >
                <InputLabel id="retention-label">{t('settings.retention.keep')}</InputLabel>
                <Select
                  labelId="retention-label"
                  label={t('settings.retention.keep')}
                  value={retention.isPending ? '' : value}
                  onChange={(e) => setChosen(Number(e.target.value))}
                  data-testid="retention-select"
                >
                  {choices.map((days) => (
                    <MenuItem key={days} value={days} data-testid={`retention-option-${days}`}>
                      {label(days)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Button
                variant="contained"
                onClick={() => void save()}
                disabled={value === saved || update.isPending}
                startIcon={update.isPending ? <Spinner size={16} color="inherit" /> : undefined}
                data-testid="retention-save"
              >
                {t('common.save')}
              </Button>
            </Box>
          )}
          {value !== 0 && value !== saved && (
            <Typography variant="body2" color="warning.main" sx={{ mt: 1 }} data-testid="retention-warning">
              {t('settings.retention.warning', { period: label(value) })}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
