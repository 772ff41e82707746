import { canOpen, type PageAccess, type PagePath, type SearchHit } from '@ambassador/contracts';

/** Where a hit opens: its topic's page, or its list filtered to it, or its editor. */
export function pathOf(hit: SearchHit): string {
  const q = (value: string) => encodeURIComponent(value);
  switch (hit.kind) {
    case 'topic':
    case 'phrase':
    case 'response':
      return `/ai/keyword/question/${hit.target_id}`;
    case 'location':
      return `/ai/location?q=${q(hit.title)}`;
    case 'document':
      return `/ai/mrc?q=${q(hit.title)}`;
    case 'unit':
      return `/interface?unit=${q(hit.detail ?? hit.title)}`;
    case 'event':
      return `/event?open=${hit.target_id}`;
    case 'user':
      return `/setting/users?open=${hit.target_id}`;
  }
}

/** A screen search finds by its name: its path, its title's key under `screens`, the page it needs. */
export type ScreenEntry = { path: string; screen: string; page: PagePath };

/** Every screen of the console, as the navigation and its sub-pages name them. */
const SCREENS: readonly ScreenEntry[] = [
  { path: '/dashboard', screen: 'dashboard', page: '/dashboard' },
  { path: '/chat', screen: 'chat', page: '/chat' },
  { path: '/live_video', screen: 'live_video', page: '/live_video' },
  { path: '/message', screen: 'message', page: '/message' },
  { path: '/ai', screen: 'ai', page: '/ai' },
  { path: '/ai/keyword', screen: 'ai_keyword', page: '/ai' },
  { path: '/ai/alias', screen: 'ai_alias', page: '/ai' },
  { path: '/ai/location', screen: 'ai_location', page: '/ai' },
  { path: '/ai/mrc', screen: 'ai_mrc', page: '/ai' },
  { path: '/talk', screen: 'talk', page: '/talk' },
  { path: '/conversation', screen: 'conversation', page: '/conversation' },
  { path: '/event', screen: 'event', page: '/event' },
  { path: '/interface', screen: 'interface', page: '/interface' },
  { path: '/interface/avatar', screen: 'interface_avatar', page: '/interface' },
  { path: '/setting/users', screen: 'setting_users', page: '/setting' },
  { path: '/setting/devices', screen: 'setting_devices', page: '/setting' },
];

/**
 * The screens the caller may open whose name, in the interface language or in English, holds the
 * text ("dash", "活動", "users").
 */
export function screensMatching(
  text: string,
  access: PageAccess,
  nameOf: (screen: string) => string,
  englishNameOf: (screen: string) => string,
): ScreenEntry[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  return SCREENS.filter(
    (entry) =>
      canOpen(access, entry.page) &&
      [nameOf(entry.screen), englishNameOf(entry.screen), entry.path].some((name) =>
        name.toLowerCase().includes(wanted),
      ),
  );
}
