import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from 'react-i18next';
import { NavCard } from '@/shared/ui/nav-card';

/** The way to the locations and maps (/ai/location). */
export function LocationNavCard() {
  const { t } = useTranslation();
  return (
    <NavCard
      to="/ai/location"
      icon={<PlaceOutlined />}
      title={t('screens.ai_location')}
      testId="ai-nav-location"
      body={t('ai.nav.location_hint')}
    />
  );
}
