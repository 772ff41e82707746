import { Navigate, Outlet, useLocation } from 'react-router';
import { isLoggedIn, useAuth } from '@/shared/auth/auth-store';
import { guardRoute } from '../route-guard';

/** The screens of the shell, each only for users whose page_access includes it (others go home). */
export function AccessOutlet() {
  const auth = useAuth();
  const location = useLocation();
  const decision = guardRoute(
    { loggedIn: isLoggedIn(auth), pageAccess: auth.page_access },
    location.pathname,
  );
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
