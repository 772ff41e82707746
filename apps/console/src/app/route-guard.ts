import { PAGES, canOpen, type PageAccess } from '@ambassador/contracts';
import { HOME_PATH, LOGIN_PATH, guardSession, normalizePath, type GuardDecision } from './session-guard';

export { HOME_PATH, LOGIN_PATH, type GuardDecision };

export type GuardAuth = {
  loggedIn: boolean;
  pageAccess: PageAccess;
};

/** Where a signed-in user lands: /dashboard, or the first page they may open if that is not one. */
export function homeFor(access: PageAccess): string {
  if (canOpen(access, HOME_PATH)) return HOME_PATH;
  return PAGES.find((page) => canOpen(access, page)) ?? HOME_PATH;
}

/**
 * The route guard as a pure decision: signed out → /login; a page the user may not open → their home.
 * `from` is the current path when this is a navigation (same path → ignored); omit it on load.
 */
export function guardRoute(auth: GuardAuth, to: string, from?: string): GuardDecision {
  const target = normalizePath(to);
  if (from !== undefined && normalizePath(from) === target) return { action: 'ignore' };

  const session = guardSession(auth.loggedIn, target);
  if (session.action !== 'allow') {
    if (session.action === 'redirect' && session.to === HOME_PATH)
      return { action: 'redirect', to: homeFor(auth.pageAccess) };
    return session;
  }
  if (target === LOGIN_PATH) return session;

  if (!canOpen(auth.pageAccess, target)) {
    const home = homeFor(auth.pageAccess);
    // Never bounce to the page that was just refused.
    if (normalizePath(home) !== target) return { action: 'redirect', to: home };
  }
  return { action: 'allow' };
}
