import type { Push, PushDelivery } from '@ambassador/contracts';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '@/i18n/i18n';
import { LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';

/** Test support only: an operator signed in to a project with two devices. */
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

/** Renders signed in, with a fresh query client and a router. */
export function renderWithApp(ui: ReactNode, auth: AuthState = signedIn) {
  authStore.set(auth);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/message']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

export function aDelivery(
  device_id: number,
  status: PushDelivery['status'],
  patch: Partial<PushDelivery> = {},
) {
  return {
    device_id,
    device_name: device_id === 7 ? 'Lobby' : device_id === 8 ? 'Gate kiosk' : `Device ${device_id}`,
    status,
    delivered_at: status === 'delivered' ? '2025-03-04T02:31:00Z' : null,
    ...patch,
  } satisfies PushDelivery;
}

/** A push as GET /video_call/push lists it. */
export function aPush(id: number, patch: Partial<Push> = {}): Push {
  return {
    id,
    texts: { english: `Message ${id}` },
    image_url: null,
    duration_seconds: 15,
    speak: false,
    created_at: '2025-03-04T02:30:00Z',
    created_by: 'mary',
    deliveries: [aDelivery(7, 'pending')],
    ...patch,
  };
}
