import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import ViewSidebarOutlined from '@mui/icons-material/ViewSidebarOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/shared/ui/language-switcher';
import { TOP_BAR_HEIGHT } from '../theme';
import { CountBadge } from './count-badge';

export function TopBar({
  leftOpen,
  onToggleLeft,
  menuAlert = 0,
  rightOpen,
  onToggleRight,
}: {
  leftOpen: boolean;
  onToggleLeft: () => void;
  /** A count to show on the closed menu's toggle (visitors waiting for staff), 0 for none. */
  menuAlert?: number;
  rightOpen: boolean;
  onToggleRight: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ height: TOP_BAR_HEIGHT, minHeight: `${TOP_BAR_HEIGHT}px !important`, gap: 1.5 }}>
        <Tooltip title={leftOpen ? t('shell.collapse_menu') : t('shell.expand_menu')}>
          <IconButton
            edge="start"
            onClick={onToggleLeft}
            aria-label={leftOpen ? t('shell.collapse_menu') : t('shell.expand_menu')}
            aria-expanded={leftOpen}
            data-testid="menu-toggle"
          >
            <CountBadge count={menuAlert} testId="menu-toggle-badge">
              {leftOpen ? <MenuOpenIcon /> : <MenuIcon />}
            </CountBadge>
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to="/dashboard"
          // The product name is hidden on a phone: the link still says where it leads.
          aria-label={t('app.name')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            color: 'text.primary',
            textDecoration: 'none',
          }}
        >
          <Box component="img" src="/logo.svg" alt="" sx={{ width: 32, height: 32 }} />
          <Typography
            sx={{ fontWeight: 700, fontSize: 18, display: { xs: 'none', sm: 'block' } }}
            data-testid="product-name"
          >
            {t('app.name')}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        <LanguageSwitcher />
        <Tooltip title={rightOpen ? t('right_bar.close') : t('right_bar.open')}>
          <IconButton
            onClick={onToggleRight}
            aria-label={rightOpen ? t('right_bar.close') : t('right_bar.open')}
            aria-expanded={rightOpen}
            color={rightOpen ? 'primary' : 'default'}
            data-testid="right-bar-toggle"
          >
            <ViewSidebarOutlined />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
