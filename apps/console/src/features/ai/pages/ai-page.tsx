import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { PageHeader } from '@/shared/ui/page-header';
import { DataCard } from '../components/data-card';
import { FinderCard } from '../components/finder-card';
import { AliasNavCard, KeywordDataCard } from '../components/nav-cards';
import { SettingsCard } from '../components/settings-card';
import { TestConsole } from '../components/test-console';
import { TransferCard } from '../components/transfer-card';

/** AI Configuration (/ai): try the AI, jump to its data, its settings, finder, import/export, transfers. */
export function AiPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const device = auth.device_list.find((d) => d.id === auth.selected_device);

  return (
    <Box data-testid="ai-page">
      <PageHeader title={t('screens.ai')} />
      {device && (
        <Box sx={{ mt: -2, mb: 2, color: 'text.secondary', fontSize: 14 }} data-testid="ai-device">
          {t('ai.device', { device: device.description })}
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 2 }}>
        <KeywordDataCard />
        <AliasNavCard />
        <SettingsCard />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
          mb: 2,
        }}
      >
        <TestConsole key={auth.selected_device ?? 'none'} />
        <Box sx={{ display: 'grid', gap: 2 }}>
          <DataCard />
          <TransferCard />
        </Box>
      </Box>
      <FinderCard />
    </Box>
  );
}
