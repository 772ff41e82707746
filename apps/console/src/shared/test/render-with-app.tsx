import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router';
import '@/i18n/i18n';
import { LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';

/** Test support only, shared by the feature tests: an operator (admin) on project 1, one ambassador device. */
export const signedIn: AuthState = {
  ...LOGGED_OUT,
  access_token: 'tok',
  auth_project_id: 1,
  user_info: {
    project_id: 1,
    user_id: 1,
    username: 'admin',
    role_id: 3,
    is_password_expired: false,
    languages: ['english'],
  },
  page_access: 'all',
  device_list: [{ id: 7, description: 'Lobby', kind: 'ambassador' }],
  selected_device: 7,
  status: 'logged_in',
};

/** Operator mary on the same project with a second ambassador device (Gate kiosk, 8); the first is selected. */
export const signedInWithTwoDevices: AuthState = {
  ...signedIn,
  user_info: {
    project_id: 1,
    user_id: 1,
    username: 'mary',
    role_id: 3,
    is_password_expired: false,
    languages: ['english'],
  },
  device_list: [...signedIn.device_list, { id: 8, description: 'Gate kiosk', kind: 'ambassador' }],
};

/** Shows where the router is, for tests of navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export type RenderWithAppOptions = {
  /** Who is signed in: `signedIn` unless said. */
  auth?: AuthState;
  /** How long query data stays fresh: the query client's default (0) unless said. */
  staleTime?: number;
  /**
   * A data router (as the app has) instead of a plain MemoryRouter: for screens that hold the
   * navigation while they have unsaved changes (useBlocker). Its `router` is returned to navigate.
   */
  dataRouter?: boolean;
};

/**
 * Renders `ui` signed in, with a fresh query client (no retries), a router at `path` and a probe
 * of the current location (testid `location`).
 */
export function renderWithApp(ui: ReactNode, path: string, options: RenderWithAppOptions = {}) {
  authStore.set(options.auth ?? signedIn);
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, ...(options.staleTime !== undefined && { staleTime: options.staleTime }) },
      mutations: { retry: false },
    },
  });
  const page = (
    <>
      {ui}
      <LocationProbe />
    </>
  );
  if (options.dataRouter) {
    const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
    const view = render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { ...view, client, router };
  }
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client, router: null };
}
