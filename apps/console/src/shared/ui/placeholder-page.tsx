import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** Screens whose release has not landed yet. */
export const UPCOMING_SCREENS = ['interface_avatar'] as const;
export type UpcomingScreen = (typeof UPCOMING_SCREENS)[number];

/** The one stand-in for a screen that arrives later: its title and an honest line, nothing else. */
export function PlaceholderPage({ screen }: { screen: UpcomingScreen }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`screens.${screen}`)} />
      <Card data-testid={`placeholder-${screen}`}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <ScheduleIcon color="action" />
          <Typography color="text.secondary">{t('placeholder.later_release')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
