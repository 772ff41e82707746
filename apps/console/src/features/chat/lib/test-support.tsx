import type { ChatEndUser, ChatMessage } from '@ambassador/contracts';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '@/i18n/i18n';
import { LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';

/** Test support only: an operator signed in to a project with two devices, the first selected. */
export const signedIn: AuthState = {
  ...LOGGED_OUT,
  access_token: 'tok',
  auth_project_id: 1,
  user_info: {
    project_id: 1,
    user_id: 1,
    username: 'mary',
    role_id: 3,
    is_password_expired: false,
    languages: ['english'],
  },
  page_access: 'all',
  device_list: [
    { id: 7, description: 'Lobby', kind: 'ambassador' },
    { id: 8, description: 'Gate kiosk', kind: 'ambassador' },
  ],
  selected_device: 7,
  status: 'logged_in',
};

export { fakeServer, type FakeCall, type FakeHandler, type FakeReply } from '@/shared/test/fake-server';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders signed in, with a fresh query client, a router at `path` and a probe of the location. */
export function renderWithApp(ui: ReactNode, path: string, auth: AuthState = signedIn) {
  authStore.set(auth);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const view = render(
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
  return { ...view, client };
}

/** A chat as GET /chat/endusers lists it. */
export function aChat(sessionId: string, patch: Partial<ChatEndUser> = {}): ChatEndUser {
  return {
    session_id: sessionId,
    device_id: 7,
    device_name: 'Lobby',
    name: '',
    mobile: '',
    tags: [],
    language: 'english',
    unread: 0,
    last_message: null,
    last_message_at: null,
    created_at: '2025-03-04T01:00:00Z',
    ended_at: null,
    ...patch,
  };
}

let nextId = 100;

/** A message of a chat's history. */
export function aMessage(sessionId: string, text: string, patch: Partial<ChatMessage> = {}): ChatMessage {
  const id = nextId++;
  return {
    id,
    session_id: sessionId,
    sent_by_admin: false,
    sender: null,
    message: text,
    datetime: '2025-03-04T02:00:00Z',
    client_id: `device-${id}`,
    ...patch,
  };
}
