import { Navigate, Outlet, useLocation } from 'react-router';
import { isLoggedIn, useAuth } from '@/shared/auth/auth-store';
import { guardSession } from './session-guard';

/**
 * Root of every route: applies the sign-in rules of the guard, again whenever the session changes
 * (logout, 401). Page access is checked by the shell (AccessOutlet), which only signed-in users see.
 */
export function GuardedOutlet() {
  const auth = useAuth();
  const location = useLocation();
  const decision = guardSession(isLoggedIn(auth), location.pathname);
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
