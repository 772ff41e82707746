import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { PageHeader } from '@/shared/ui/page-header';
import { AliasNavCard } from '@/features/ai/aliases/components/alias-nav-card';
import { MatcherStatusChip } from '@/features/ai/answering/components/matcher-status-chip';
import { UnderstandingChip } from '@/features/ai/answering/components/understanding-chip';
import { SettingsCard } from '@/features/ai/answering/components/settings-card';
import { TestConsole } from '@/features/ai/answering/components/test-console';
import { DataCard } from '@/features/ai/exchange/components/data-card';
import { FinderCard } from '@/features/ai/topics/components/finder-card';
import { KeywordDataCard } from '@/features/ai/topics/components/topic-nav-card';
import { TransferCard } from '@/features/ai/transfer/components/transfer-card';
import { VersionsCard } from '@/features/ai/versions/components/versions-card';
import { MrcNavCard } from '@/features/ai/common/components/mrc-nav-card';

/**
 * AI Configuration (/ai): try the AI, jump to its data (topics, aliases, documents, locations), its settings,
 * finder, import/export, transfers. `more` adds other areas' cards beside its own (locations),
 * composed by the app.
 */
export function AiPage({ more }: { more?: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const device = auth.device_list.find((d) => d.id === auth.selected_device);

  return (
    <Box data-testid="ai-page">
      <PageHeader
        title={t('screens.ai')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <UnderstandingChip />
            <MatcherStatusChip />
          </Box>
        }
      />
      {device && (
        <Box sx={{ mt: -2, mb: 2, color: 'text.secondary', fontSize: 14 }} data-testid="ai-device">
          {t('ai.device', { device: device.description })}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, 1fr)',
            lg: 'repeat(3, 1fr)',
            xl: 'repeat(5, 1fr)',
          },
          mb: 2,
        }}
      >
        <KeywordDataCard />
        <AliasNavCard />
        <MrcNavCard />
        {more}
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
          <VersionsCard />
          <DataCard />
          <TransferCard />
        </Box>
      </Box>
      <FinderCard />
    </Box>
  );
}
