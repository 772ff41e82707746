import type { Topic } from '@ambassador/contracts';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '@/i18n/i18n';
import { LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';

/** Test support only: a signed-in operator on an ambassador device. */
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

export { fakeServer, type FakeCall, type FakeHandler, type FakeReply } from '@/shared/test/fake-server';

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders with a fresh query client, a router at `path` and a probe of the current location. */
export function renderWithApp(ui: ReactNode, path = '/ai/keyword') {
  authStore.set(signedIn);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A question topic as the server sends it, for tests. */
export function aTopic(id: number, name: string, patch: Partial<Topic> = {}): Topic {
  return {
    id,
    intent_id: id,
    intent_name: name,
    category_id: 1,
    category_name: 'Facilities',
    parent_id: null,
    parent_name: null,
    remarks: '',
    is_activated: true,
    is_enabled_related_intents: false,
    avatar_motion: null,
    keyword_count: 0,
    response_count: 0,
    sub_topic_count: 0,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...patch,
  };
}
