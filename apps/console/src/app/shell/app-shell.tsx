import {
  Suspense,
  lazy,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useLocation, useNavigate, useNavigation, useNavigationType } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loadStringPack } from '@/i18n/i18n';
import { useMaySeeChats, useWaitingTotal } from '@/features/chat/lib/waiting-store';
import { logout } from '@/shared/auth/logout';
import { startLiveSession } from '@/shared/realtime/live-socket';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { LEFT_BAR_COLLAPSED_WIDTH, LEFT_BAR_WIDTH, RIGHT_BAR_WIDTH, TOP_BAR_HEIGHT } from '../theme';
import { LOGIN_PATH } from '../route-guard';
import { AccessOutlet } from './access-outlet';
import { ConnectionLostBanner } from './connection-lost-banner';
import { LeftBarContent } from './left-bar';
import { RightBarContent } from './right-bar';
import { focusMainContent, useRouteFocus } from './route-focus';
import { useGlobalShortcuts, type ShortcutTarget } from './shortcuts';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

const COLLAPSED_KEY = 'left_bar_collapsed';

/**
 * The incoming-call banner over every screen; its code and its strings load after the shell. If
 * they cannot load (offline), the shell still works: the call list on /live_video stays usable.
 */
const IncomingCallBanner = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    const [module] = await Promise.all([
      import('@/features/calls/components/incoming-call-banner'),
      loadStringPack('calls'),
    ]);
    return { default: module.IncomingCallBanner };
  } catch (error) {
    console.error('[calls] the incoming-call banner could not load', error);
    return { default: () => null };
  }
});

/**
 * Live Chat's alerts on every screen: the waiting chats behind the left bar's badge, kept live, and
 * the notice of a visitor wanting staff on another device, with the chat strings (which the badge
 * also reads). If they cannot load (offline), the shell works without them.
 */
const ChatAlerts = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    const [module] = await Promise.all([
      import('@/features/chat/components/chat-notice'),
      loadStringPack('chat'),
    ]);
    return { default: module.ChatAlerts };
  } catch (error) {
    console.error('[chat] the chat alerts could not load', error);
    return { default: () => null };
  }
});

/** Search everywhere and the shortcuts list: their code and strings load when first opened. */
const SearchDialogs = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/search/components/search-dialogs'),
    loadStringPack('search'),
  ]);
  return { default: module.SearchDialogs };
});

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Top bar, left bar, content and the toggled right bar: the frame of every signed-in screen. */
export function AppShell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const navigation = useNavigation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [rightOpen, setRightOpen] = useState(false);
  // The right bar's cards (aliases, bookmarks: their code, strings and data) load when it is first
  // opened, not with every screen; then they stay, keeping what was typed in them.
  const [rightOpened, setRightOpened] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [searchOpen, setSearchOpen] = useState<ShortcutTarget | null>(null);
  const [searchLoaded, setSearchLoaded] = useState(false);
  const openSearch = useCallback((target: ShortcutTarget) => {
    setSearchLoaded(true);
    setSearchOpen(target);
  }, []);
  useGlobalShortcuts(openSearch);
  const mainRef = useRef<HTMLElement>(null);
  const location = useLocation();
  // After sign-in and each change of screen, the focus starts at the new screen's heading. A shell
  // that mounts on a POP is the page the browser loaded (or reloaded): no change of screen.
  useRouteFocus(mainRef, location.pathname, useNavigationType() === 'POP');

  // While signed in, the live notification socket is connected (and closed on sign-out).
  useEffect(() => startLiveSession(), []);
  // Chats waiting on every device (read and kept live by the chat alerts below).
  const maySeeChats = useMaySeeChats();
  const chatsWaiting = useWaitingTotal();

  // The shell's frame commits first and the screen in a render of its own after it: two commits of
  // the first screen's styles and elements on a phone, not one long one (issue 20). Later changes
  // of screen keep the shell, so this defers only the first.
  const screenShown = useDeferredValue(true, false);

  const leftOpen = narrow ? mobileOpen : !collapsed;
  const leftWidth = narrow ? 0 : collapsed ? LEFT_BAR_COLLAPSED_WIDTH : LEFT_BAR_WIDTH;

  const toggleLeft = () => {
    if (narrow) {
      setMobileOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // Only remembered for this page view.
      }
      return !value;
    });
  };

  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
    queryClient.clear();
    notify.success(t('auth.logged_out'));
    void navigate(LOGIN_PATH, { replace: true });
  };

  const paperSx = {
    top: TOP_BAR_HEIGHT,
    height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
    boxSizing: 'border-box' as const,
    overflowX: 'hidden' as const,
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink onSkip={() => focusMainContent(mainRef.current)} />
      <TopBar
        leftOpen={leftOpen}
        onToggleLeft={toggleLeft}
        menuAlert={leftOpen ? 0 : chatsWaiting}
        onSearch={() => openSearch('search')}
        rightOpen={rightOpen}
        onToggleRight={() => {
          setRightOpened(true);
          setRightOpen((open) => !open);
        }}
      />
      {narrow ? (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{ paper: { sx: { ...paperSx, width: LEFT_BAR_WIDTH } } }}
          data-testid="left-bar"
        >
          <LeftBarContent
            collapsed={false}
            onNavigate={() => setMobileOpen(false)}
            onLogout={() => void onLogout()}
            loggingOut={loggingOut}
          />
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          open
          sx={{ width: leftWidth, flexShrink: 0, transition: 'width 150ms' }}
          slotProps={{ paper: { sx: { ...paperSx, width: leftWidth, transition: 'width 150ms' } } }}
          data-testid="left-bar"
          data-collapsed={collapsed ? 'true' : 'false'}
        >
          <LeftBarContent collapsed={collapsed} onLogout={() => void onLogout()} loggingOut={loggingOut} />
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        ref={mainRef}
        tabIndex={-1}
        sx={{
          // The focus lands here from code (skip link, change of screen): no ring around the page.
          outline: 'none',
          '& h1[tabindex="-1"]:focus': { outline: 'none' },
          flex: 1,
          minWidth: 0,
          pt: `${TOP_BAR_HEIGHT}px`,
          mr: rightOpen && !narrow ? `${RIGHT_BAR_WIDTH}px` : 0,
          transition: 'margin 150ms',
        }}
      >
        <Box sx={{ height: 4 }}>
          {navigation.state === 'loading' && <LinearProgress aria-label={t('common.loading')} />}
        </Box>
        <Box sx={{ p: { xs: 2, md: 3 }, pt: { xs: 1.5, md: 2.5 }, maxWidth: 1400 }}>
          {screenShown && <AccessOutlet />}
        </Box>
      </Box>
      <Drawer
        anchor="right"
        variant={narrow ? 'temporary' : 'persistent'}
        open={rightOpen}
        onClose={() => setRightOpen(false)}
        slotProps={{ paper: { sx: { ...paperSx, width: RIGHT_BAR_WIDTH, bgcolor: 'background.default' } } }}
      >
        {rightOpened && <RightBarContent onClose={() => setRightOpen(false)} />}
      </Drawer>
      <Suspense fallback={null}>
        <IncomingCallBanner />
      </Suspense>
      <ConnectionLostBanner />
      {searchLoaded && (
        <Suspense fallback={null}>
          <SearchDialogs open={searchOpen} onClose={() => setSearchOpen(null)} />
        </Suspense>
      )}
      {maySeeChats && (
        <Suspense fallback={null}>
          <ChatAlerts />
        </Suspense>
      )}
    </Box>
  );
}
