import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { loadStringPack, type StringPack } from '@/i18n/i18n';
import { GuardedOutlet } from './guarded-outlet';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
import { HOME_PATH } from './session-guard';

/** A screen whose strings come in a pack: its code and its strings load together, before it renders. */
function screenWith(pack: StringPack, load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => {
    const [Component] = await Promise.all([load(), loadStringPack(pack)]);
    return { Component };
  };
}
const aiScreen = (load: () => Promise<ComponentType>) => screenWith('ai', load);

/**
 * The signed-in screens format days and numbers and send the browser's time zone: the first Intl
 * object loads ICU's data (≈ 35 ms, 140 at a phone's pace). Loaded in its own task while the shell's
 * code is on its way, not inside the first screen's render (issue 20: blocking time on a phone).
 */
function warmUpIntl() {
  setTimeout(() => void Intl.DateTimeFormat().resolvedOptions(), 0);
}

const toHome = <Navigate to={HOME_PATH} replace />;

/** The console's route table. Every route is lazy; unknown paths go to /dashboard. */
export const routes: RouteObject[] = [
  {
    element: <GuardedOutlet />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      { path: 'login', lazy: async () => ({ Component: (await import('./routes/login-route')).LoginRoute }) },
      {
        lazy: screenWith('shell', async () => {
          warmUpIntl();
          return (await import('./shell/app-shell')).AppShell;
        }),
        children: [
          {
            // Errors of a screen show inside the shell, so the navigation stays usable.
            errorElement: <RouteError />,
            children: [
              { index: true, element: toHome },
              {
                path: 'dashboard',
                lazy: screenWith(
                  'dashboard',
                  async () => (await import('@/features/dashboard/pages/dashboard-page')).DashboardPage,
                ),
              },
              {
                path: 'ai',
                lazy: aiScreen(async () => (await import('./routes/ai-routes')).AiRoute),
              },
              {
                path: 'ai/keyword',
                lazy: aiScreen(async () => (await import('@/features/ai/pages/keyword-page')).KeywordPage),
              },
              {
                path: 'ai/keyword/question/:id',
                lazy: aiScreen(async () => (await import('./routes/ai-routes')).QuestionRoute),
              },
              {
                path: 'ai/alias',
                lazy: aiScreen(async () => (await import('@/features/ai/pages/alias-page')).AliasPage),
              },
              {
                path: 'ai/location',
                lazy: aiScreen(
                  async () => (await import('@/features/locations/pages/location-page')).LocationsPage,
                ),
              },
              {
                path: 'ai/location/maps',
                lazy: aiScreen(
                  async () => (await import('@/features/locations/pages/location-page')).MapsPage,
                ),
              },
              {
                path: 'ai/location/categories',
                lazy: aiScreen(
                  async () =>
                    (await import('@/features/locations/pages/location-page')).LocationCategoriesPage,
                ),
              },
              {
                path: 'ai/mrc',
                lazy: screenWith('mrc', async () => (await import('@/features/mrc/pages/mrc-page')).MrcPage),
              },
              {
                path: 'talk',
                lazy: screenWith(
                  'smallTalk',
                  async () => (await import('@/features/small-talk/pages/small-talk-page')).SmallTalkPage,
                ),
              },
              {
                path: 'conversation',
                lazy: screenWith(
                  'conversations',
                  async () =>
                    (await import('@/features/conversations/pages/conversation-page')).ConversationPage,
                ),
              },
              {
                path: 'event',
                lazy: screenWith(
                  'events',
                  async () => (await import('@/features/events/pages/event-page')).EventPage,
                ),
              },
              {
                path: 'interface',
                lazy: screenWith(
                  'interface',
                  async () => (await import('./routes/interface-route')).InterfaceRoute,
                ),
              },
              {
                path: 'interface/avatar',
                lazy: screenWith(
                  'interface',
                  async () => (await import('@/features/avatars/pages/avatar-page')).AvatarPage,
                ),
              },
              {
                path: 'setting',
                lazy: async () => ({
                  Component: (await import('@/features/retention/pages/settings-page')).SettingsPage,
                }),
              },
              {
                path: 'setting/users',
                lazy: async () => ({
                  Component: (await import('@/features/users/pages/users-page')).UsersPage,
                }),
              },
              {
                path: 'setting/audit',
                lazy: screenWith(
                  'audit',
                  async () => (await import('@/features/audit/pages/audit-page')).AuditPage,
                ),
              },
              {
                path: 'setting/devices',
                lazy: screenWith(
                  'devices',
                  async () => (await import('@/features/devices/pages/devices-page')).DevicesPage,
                ),
              },
              {
                path: 'chat',
                lazy: screenWith(
                  'chat',
                  async () => (await import('@/features/chat/pages/chat-page')).ChatPage,
                ),
              },
              {
                path: 'live_video',
                lazy: screenWith(
                  'calls',
                  async () => (await import('@/features/calls/pages/live-video-page')).LiveVideoPage,
                ),
              },
              {
                path: 'message',
                lazy: screenWith(
                  'push',
                  async () => (await import('@/features/push/pages/message-page')).MessagePage,
                ),
              },
              { path: '*', element: toHome },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
