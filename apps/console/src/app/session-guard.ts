/**
 * The sign-in half of the route guard. It needs nothing from the contracts, so the
 * root of the app (and the login route) stays free of zod; the page-access half lives in
 * route-guard.ts and runs inside the shell.
 */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string } | { action: 'ignore' };

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Signed out → /login for every path but /login; signed in on /login → /dashboard. */
export function guardSession(loggedIn: boolean, to: string): GuardDecision {
  const target = normalizePath(to);
  if (target === LOGIN_PATH) return loggedIn ? { action: 'redirect', to: HOME_PATH } : { action: 'allow' };
  if (!loggedIn) return { action: 'redirect', to: LOGIN_PATH };
  return { action: 'allow' };
}
