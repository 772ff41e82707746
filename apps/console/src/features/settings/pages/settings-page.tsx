import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';

/** Admin Settings (/setting): the way into each settings area. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.setting')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
        <Card>
          <CardActionArea component={RouterLink} to="/setting/users" data-testid="settings-users-link">
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <ManageAccountsOutlined color="primary" sx={{ fontSize: 36 }} />
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('screens.setting_users')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('settings.users_description')}
                </Typography>
              </Box>
              <ChevronRight color="action" />
            </CardContent>
          </CardActionArea>
        </Card>
      </Box>
    </>
  );
}
