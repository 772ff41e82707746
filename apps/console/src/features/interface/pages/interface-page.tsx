import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { PageHeader } from '@/shared/ui/page-header';
import { useSections } from '../api/get-sections';
import { CarouselCard } from '../components/carousel-card';
import { IdleScreenCard } from '../components/idle-screen-card';
import { SectionCard } from '../components/section-card';
import { AvatarLinkCard } from '../components/avatar-link-card';

/**
 * Interface Settings (/interface): what the selected device's kiosk shows, section by section;
 * `more` adds the cards of other areas (the directory), composed by the app.
 */
export function InterfacePage({ more }: { more?: (device: { id: number; name: string }) => ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const deviceId = auth.selected_device;
  const device = auth.device_list.find((d) => d.id === deviceId);
  const sections = useSections(deviceId);

  return (
    <Box data-testid="interface-page">
      <PageHeader title={t('screens.interface')} />
      {device && (
        <Box sx={{ mt: -2, mb: 1, color: 'text.secondary', fontSize: 14 }} data-testid="interface-device">
          {t('interface.device', { device: device.description })}
        </Box>
      )}
      {deviceId === null ? (
        <Alert severity="info">{t('interface.no_device')}</Alert>
      ) : (
        <>
          <Box sx={{ mb: 2, color: 'text.secondary', fontSize: 14 }}>{t('interface.intro')}</Box>
          {sections.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void sections.refetch()}>
                  {t('interface.retry')}
                </Button>
              }
            >
              {errorMessage(sections.error, t('interface.load_failed'))}
            </Alert>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              }}
            >
              {sections.data
                ? sections.data.map((section) => (
                    <SectionCard key={`${deviceId}-${section.id}`} deviceId={deviceId} section={section} />
                  ))
                : [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={160} />)}
            </Box>
          )}
          <AvatarLinkCard />
          <CarouselCard
            key={deviceId}
            deviceId={deviceId}
            carouselOn={
              sections.data?.find((s) => s.id === 'start')?.components.find((c) => c.id === 'carousel')
                ?.is_enabled ?? true
            }
          />
          <IdleScreenCard key={`idle-${deviceId}`} deviceId={deviceId} />
          {more?.({ id: deviceId, name: device?.description ?? '' })}
        </>
      )}
    </Box>
  );
}
