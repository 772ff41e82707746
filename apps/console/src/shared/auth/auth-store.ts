import { useSyncExternalStore } from 'react';
import type { Device, Language, LoginResponse, PageAccess, RoleId } from '@ambassador/contracts';

/** The sign-in state (login's answer, the selected device), kept uncompressed in localStorage `auth`. */
export const AUTH_STORAGE_KEY = 'auth';

export type UserInfo = {
  project_id: number;
  user_id: number;
  username: string;
  role_id: RoleId;
  is_password_expired: boolean;
  languages: Language[];
};

export type AuthStatus = 'logged_in' | 'logged_out';

export type AuthState = {
  access_token: string;
  auth_project_id: number | null;
  user_info: UserInfo | null;
  page_access: PageAccess;
  device_list: Device[];
  selected_device: number | null;
  status: AuthStatus;
};

export const LOGGED_OUT: AuthState = {
  access_token: '',
  auth_project_id: null,
  user_info: null,
  page_access: [],
  device_list: [],
  selected_device: null,
  status: 'logged_out',
};

/** An empty page_access list from login narrows nothing: every page the role allows. */
export function normalizePageAccess(access: PageAccess | undefined | null): PageAccess {
  if (!access || access === 'all' || access.length === 0) return 'all';
  return access;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function read(): AuthState {
  try {
    const raw = globalThis.localStorage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return LOGGED_OUT;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.status !== 'logged_in' || typeof parsed.access_token !== 'string') {
      // Anything that is not a finished sign-in (for example an abandoned forced password change)
      // starts signed out.
      return LOGGED_OUT;
    }
    const state = { ...LOGGED_OUT, ...(parsed as Partial<AuthState>) };
    return { ...state, page_access: normalizePageAccess(state.page_access) };
  } catch {
    return LOGGED_OUT;
  }
}

function write(state: AuthState): void {
  try {
    if (state === LOGGED_OUT) globalThis.localStorage?.removeItem(AUTH_STORAGE_KEY);
    else globalThis.localStorage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the session still works for this tab.
  }
}

let current: AuthState = read();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const authStore = {
  get(): AuthState {
    return current;
  },
  set(next: AuthState): void {
    current = next;
    write(next);
    emit();
  },
  update(patch: Partial<AuthState>): void {
    authStore.set({ ...current, ...patch });
  },
  /** Drop the session (logout, 401, password reset). */
  clear(): void {
    if (current === LOGGED_OUT) return;
    authStore.set(LOGGED_OUT);
  },
  /** Re-read storage (tests, other tabs). */
  reload(): void {
    current = read();
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  // Signing out in one tab signs out every tab.
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) authStore.reload();
  });
}

export function isLoggedIn(state: AuthState): boolean {
  return state.status === 'logged_in' && state.access_token !== '';
}

/**
 * State after a successful login. `status` stays logged_out while a forced password change is
 * pending, so the guard keeps the user on /login while the token can still make the reset call.
 */
export function authFromLogin(login: LoginResponse, devices: Device[], status: AuthStatus): AuthState {
  return {
    access_token: login.access_token,
    auth_project_id: login.auth_project_id,
    user_info: {
      project_id: login.project_id,
      user_id: login.user_id,
      username: login.username,
      role_id: login.role_id,
      is_password_expired: login.is_password_expired,
      languages: login.languages,
    },
    page_access: normalizePageAccess(login.page_access),
    device_list: devices,
    selected_device: devices[0]?.id ?? null,
    status,
  };
}

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
