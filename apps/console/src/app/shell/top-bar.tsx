import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SearchIcon from '@mui/icons-material/Search';
import ViewSidebarOutlined from '@mui/icons-material/ViewSidebarOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/shared/ui/language-switcher';
import { visuallyHidden } from '@/shared/ui/visually-hidden';
import { TOP_BAR_HEIGHT } from '../theme';
import { CountBadge } from './count-badge';

export function TopBar({
  leftOpen,
  onToggleLeft,
  menuAlert = 0,
  onSearch,
  rightOpen,
  onToggleRight,
}: {
  leftOpen: boolean;
  onToggleLeft: () => void;
  /** A count to show on the closed menu's toggle (visitors waiting for staff), 0 for none. */
  menuAlert?: number;
  /** Opens search everywhere (also Ctrl+K and "/"). */
  onSearch: () => void;
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
        <Button
          variant="outlined"
          color="inherit"
          onClick={onSearch}
          startIcon={<SearchIcon />}
          aria-keyshortcuts="Control+K Meta+K /"
          data-testid="search-open"
          sx={{
            borderColor: 'divider',
            color: 'text.secondary',
            textTransform: 'none',
            minWidth: 0,
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
          }}
        >
          {/* On a phone the magnifier alone; the name stays for screen readers. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('shell.search')}
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' }, ...visuallyHidden }}>
            {t('shell.search')}
          </Box>
          <Box
            component="kbd"
            aria-hidden
            sx={{ display: { xs: 'none', md: 'inline' }, ml: 1.5, fontSize: 12, fontFamily: 'inherit' }}
          >
            Ctrl K
          </Box>
        </Button>
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
