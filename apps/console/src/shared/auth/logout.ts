import { api } from '@/shared/api/client';
import { authStore } from './auth-store';

/**
 * End the session: tell the server (no auth headers, token in the body), then forget it locally
 * whatever the server said. The guard then takes the user to /login.
 */
export async function logout(): Promise<void> {
  const token = authStore.get().access_token;
  try {
    if (token) await api.post<null>('/logout', { access_token: token });
  } catch {
    // Logout always succeeds for the user: this tab signs out even when the call fails.
  } finally {
    authStore.clear();
  }
}
