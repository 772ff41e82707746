import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QuizLibrary } from '@/features/events/quiz/quiz-library';
import { useAuth } from '@/shared/auth/auth-store';
import { PageHeader } from '@/shared/ui/page-header';
import { EventsTab } from '../components/events-tab';

const TABS = ['events', 'quiz'] as const;
type EventTab = (typeof TABS)[number];

function TabPanel({ tab, current, children }: { tab: EventTab; current: EventTab; children: ReactNode }) {
  return (
    <Box
      role="tabpanel"
      id={`event-panel-${tab}`}
      aria-labelledby={`event-tab-${tab}`}
      hidden={tab !== current}
      sx={{ pt: 2 }}
    >
      {tab === current && children}
    </Box>
  );
}

/**
 * Event Manager (/event): the selected device's events (what its kiosks play to visitors) and its
 * quiz library, one tab each. The tab is in the address (`?tab=quiz`), so reload and Back keep it.
 */
export function EventPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const deviceId = auth.selected_device;
  const device = auth.device_list.find((d) => d.id === deviceId);
  const [params, setParams] = useSearchParams();
  const tab: EventTab = params.get('tab') === 'quiz' ? 'quiz' : 'events';

  const choose = (next: EventTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'events') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Box data-testid="event-page">
      <PageHeader title={t('screens.event')} />
      {device && (
        <Box sx={{ mt: -2, mb: 1, color: 'text.secondary', fontSize: 14 }} data-testid="event-device">
          {t('events.device', { device: device.description })}
        </Box>
      )}
      {deviceId === null ? (
        <Alert severity="info">{t('events.no_device')}</Alert>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_e, next: EventTab) => choose(next)}
            aria-label={t('events.tabs_label')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                label={t(`events.tabs.${name}`)}
                id={`event-tab-${name}`}
                aria-controls={`event-panel-${name}`}
                data-testid={`event-tab-${name}`}
              />
            ))}
          </Tabs>
          <TabPanel tab="events" current={tab}>
            <EventsTab key={deviceId} deviceId={deviceId} />
          </TabPanel>
          <TabPanel tab="quiz" current={tab}>
            <QuizLibrary key={deviceId} deviceId={deviceId} />
          </TabPanel>
        </>
      )}
    </Box>
  );
}
