import { Suspense, lazy } from 'react';
import { LoginPage } from '@/features/auth/pages/login-page';
import { loadStringPack } from '@/i18n/i18n';

// Only loaded when a password has expired, with its strings (the shell's pack), so the login chunk stays small.
const UserDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/users/dialogs/user-dialog'),
    loadStringPack('shell'),
  ]);
  return { default: module.UserDialog };
});

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
