import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import { Link as RouterLink } from 'react-router';
import { ROLE } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { PageHeader } from '@/shared/ui/page-header';
import { RetentionCard } from '../components/retention-card';

/** Admin Settings (/setting): the way into each settings area. */
export function SettingsPage() {
  const { t } = useTranslation();
  const isAdmin = useAuth().user_info?.role_id === ROLE.admin;
  return (
    <>
      <PageHeader title={t('nav.setting')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
        <SettingsCard
          to="/setting/users"
          testId="settings-users-link"
          icon={<ManageAccountsOutlined color="primary" sx={{ fontSize: 36 }} />}
          title={t('screens.setting_users')}
          description={t('settings.users_description')}
        />
        <SettingsCard
          to="/setting/devices"
          testId="settings-devices-link"
          icon={<DevicesOtherOutlined color="primary" sx={{ fontSize: 36 }} />}
          title={t('screens.setting_devices')}
          description={t('settings.devices_description')}
        />
        {isAdmin && (
          <SettingsCard
            to="/setting/audit"
            testId="settings-audit-link"
            icon={<ManageSearchOutlined color="primary" sx={{ fontSize: 36 }} />}
            title={t('screens.setting_audit')}
            description={t('settings.audit_description')}
          />
        )}
      </Box>
      <Box sx={{ mt: 2, maxWidth: 720 }}>
        <RetentionCard />
      </Box>
    </>
  );
}

type SettingsCardProps = { to: string; testId: string; icon: ReactNode; title: string; description: string };

/** One settings area: a card that opens its screen. */
function SettingsCard({ to, testId, icon, title, description }: SettingsCardProps) {
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to} data-testid={testId} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          {icon}
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Box>
          <ChevronRight color="action" />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
