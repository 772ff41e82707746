import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { pageOf } from '@ambassador/contracts';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWaitingTotal } from '@/features/chat/lib/waiting-store';
import { isLoggedIn, useAuth } from '@/shared/auth/auth-store';
import { ROLE_KEYS } from '@/shared/lib/role-keys';
import { guardRoute } from '../route-guard';
import { CountBadge } from './count-badge';
import { DeviceSelect } from './device-select';
import { navItemsFor } from './nav-items';

/** Device selector, navigation, then the signed-in user and Logout. */
export function LeftBarContent({
  collapsed,
  onNavigate,
  onLogout,
  loggingOut,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  // Chats waiting for staff on every device, not only the selected one.
  const waiting = useWaitingTotal();
  const location = useLocation();
  const current = pageOf(location.pathname);
  const items = navItemsFor(auth.page_access);
  const username = auth.user_info?.username ?? '';
  const role = auth.user_info?.role_id;

  const onItemClick = (event: MouseEvent, path: string) => {
    const decision = guardRoute(
      { loggedIn: isLoggedIn(auth), pageAccess: auth.page_access },
      path,
      location.pathname,
    );
    if (decision.action === 'ignore') event.preventDefault();
    onNavigate?.();
  };

  return (
    // One landmark for the whole bar: the device selector and the account belong to the navigation.
    <Box
      component="nav"
      aria-label={t('shell.navigation')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflow: 'hidden' }}
    >
      {!collapsed && (
        <Box sx={{ p: 2, pb: 1 }}>
          <DeviceSelect />
        </Box>
      )}
      <List component="div" sx={{ flex: 1, overflowY: 'auto', px: 1 }}>
        {items.map((item) => {
          const label = t(`nav.${item.segment}`);
          const selected = current === item.path;
          const count = item.path === '/chat' ? waiting : 0;
          // The chat strings come with the shell's chat notice; until then the number says it.
          const countLabel = i18n.exists('chat.waiting_badge') ? t('chat.waiting_badge', { count }) : count;
          const icon =
            count > 0 ? (
              <CountBadge count={count} testId={`nav-${item.segment}-badge`}>
                {item.icon}
              </CountBadge>
            ) : (
              item.icon
            );
          const button = (
            <ListItemButton
              key={item.path}
              component={RouterLink}
              to={item.path}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              aria-label={count > 0 ? `${label} (${countLabel})` : undefined}
              onClick={(event: MouseEvent) => onItemClick(event, item.path)}
              data-testid={`nav-${item.segment}`}
              sx={{
                borderRadius: 1,
                mb: 0.25,
                minHeight: 44,
                justifyContent: collapsed ? 'center' : 'flex-start',
                '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText' },
                '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
                '&.Mui-selected .MuiListItemIcon-root': { color: 'inherit' },
              }}
            >
              <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>{icon}</ListItemIcon>
              {!collapsed && (
                <ListItemText
                  primary={label}
                  slotProps={{ primary: { noWrap: true, sx: { fontSize: 14 } } }}
                />
              )}
            </ListItemButton>
          );
          return collapsed ? (
            <Tooltip key={item.path} title={count > 0 ? `${label} (${countLabel})` : label} placement="right">
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </List>
      <Divider />
      {collapsed ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
          <Tooltip title={t('shell.logout')} placement="right">
            <span>
              <IconButton
                onClick={onLogout}
                disabled={loggingOut}
                aria-label={t('shell.logout')}
                data-testid="logout-button"
              >
                <LogoutIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ) : (
        <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {/* A long name is cut to fit; the tooltip shows all of it. */}
            <Tooltip title={username} placement="top-start">
              <Typography noWrap sx={{ fontWeight: 600 }} data-testid="current-username">
                {username}
              </Typography>
            </Tooltip>
            {role !== undefined && (
              <Typography variant="body2" color="text.secondary" data-testid="current-role">
                {t(ROLE_KEYS[role])}
              </Typography>
            )}
          </Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<LogoutIcon />}
            onClick={onLogout}
            disabled={loggingOut}
            data-testid="logout-button"
          >
            {t('shell.logout')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
