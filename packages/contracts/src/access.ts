/**
 * Roles, pages and languages as plain values: the console's shell and route guards read them on
 * every load, so this module stays free of zod (its schemas are in access-schemas.ts; importing
 * them here made every screen evaluate zod as it opened, issue 20).
 */
/** Role ids are fixed (existing clients send them): 3 admin, 1 user, 2 service. */
export const ROLE = { admin: 3, user: 1, service: 2 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS: readonly RoleId[] = [ROLE.admin, ROLE.user, ROLE.service];

/** The console's top-level pages, in navigation order. */
export const PAGES = [
  '/dashboard',
  '/chat',
  '/live_video',
  '/message',
  '/ai',
  '/talk',
  '/conversation',
  '/event',
  '/interface',
  '/setting',
] as const;
export type PagePath = (typeof PAGES)[number];

/** What each role may open (docs/decisions.md). page_access can only narrow this. */
export const ROLE_PAGES: Record<RoleId, readonly PagePath[]> = {
  [ROLE.admin]: PAGES,
  [ROLE.user]: PAGES.filter((p) => p !== '/setting'),
  [ROLE.service]: ['/dashboard', '/chat', '/live_video', '/message', '/conversation'],
};

export type PageAccess = 'all' | PagePath[];

/**
 * Pages a user may open: the role's pages, narrowed by the user's own list when it is not empty.
 * 'all' only when nothing narrows an admin, so an empty list never widens a lesser role.
 */
export function effectivePageAccess(roleId: RoleId, narrowTo: readonly string[]): PageAccess {
  const rolePages = ROLE_PAGES[roleId];
  if (narrowTo.length === 0) return roleId === ROLE.admin ? 'all' : [...rolePages];
  return rolePages.filter((p) => narrowTo.includes(p));
}

/** First path segment as a page path: '/setting/users' → '/setting'. */
export function pageOf(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return `/${first}`;
}

export function canOpen(access: PageAccess, pathname: string): boolean {
  if (access === 'all') return true;
  return (access as readonly string[]).includes(pageOf(pathname));
}

/** Languages a device can speak and a user can work in. */
export const LANGUAGES = [
  'chinese',
  'cantonese',
  'mandarin',
  'english',
  'japanese',
  'korean',
  'portuguese',
  'german',
] as const;
export type Language = (typeof LANGUAGES)[number];
