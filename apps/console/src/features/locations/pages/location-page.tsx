import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/shared/ui/page-header';
import { LocationCategoryBrowser } from '../components/location-category-browser';
import { LocationsPanel } from '../components/locations-panel';
import { MapsPanel } from '../components/maps-panel';

export type LocationSection = 'locations' | 'maps' | 'categories';

const SECTIONS: { id: LocationSection; to: string }[] = [
  { id: 'locations', to: '/ai/location' },
  { id: 'maps', to: '/ai/location/maps' },
  { id: 'categories', to: '/ai/location/categories' },
];

/**
 * Locations and maps (/ai/location, /maps, /categories): where things are, answered to "where
 * is …" with a map. Each section has its own address, so a link or a reload keeps it.
 */
function LocationPage({ section }: { section: LocationSection }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="location-page" data-section={section}>
      <PageHeader
        title={t('screens.ai_location')}
        breadcrumbs={[{ label: t('nav.ai'), to: '/ai' }, { label: t('screens.ai_location') }]}
      />
      <Box component="nav" sx={{ mb: 2, mt: -1.5 }}>
        <Tabs
          value={section}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('locations.sections')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {SECTIONS.map((s) => (
            <Tab
              key={s.id}
              value={s.id}
              label={t(`locations.section.${s.id}`)}
              component={RouterLink}
              to={s.to}
              aria-current={s.id === section ? 'page' : undefined}
              data-testid={`location-section-${s.id}`}
            />
          ))}
        </Tabs>
      </Box>
      {section === 'locations' && <LocationsPanel />}
      {section === 'maps' && <MapsPanel />}
      {section === 'categories' && (
        <Box>
          <Box sx={{ mb: 2, color: 'text.secondary', fontSize: 14 }}>{t('locations.categories.hint')}</Box>
          <LocationCategoryBrowser />
        </Box>
      )}
    </Box>
  );
}

export const LocationsPage = () => <LocationPage section="locations" />;
export const MapsPage = () => <LocationPage section="maps" />;
export const LocationCategoriesPage = () => <LocationPage section="categories" />;
