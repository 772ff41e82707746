import { Suspense, lazy } from 'react';
import { LoginPage } from '@/features/auth/pages/login-page';

// Only loaded when a password has expired, so the login chunk stays small.
const UserDialog = lazy(async () => ({
  default: (await import('@/features/users/dialogs/user-dialog')).UserDialog,
}));

/** /login: the auth feature's page, with the users feature's dialog for a forced password change. */
export function LoginRoute() {
  return (
    <LoginPage
      renderPasswordReset={({ user, onClose }) => (
        <Suspense fallback={null}>
          <UserDialog open mode="reset" forced user={user} onClose={onClose} />
        </Suspense>
      )}
    />
  );
}
