import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { User } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { UsersPage } from './users-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

function aUser(user_id: number, username: string, role_id: User['role_id']): User {
  return {
    user_id,
    username,
    role_id,
    languages: ['english'],
    page_access: [],
    is_password_expired: false,
    created_at: '2025-01-01T00:00:00Z',
  };
}

describe('UsersPage delete', () => {
  it('names the user the dialog deletes', async () => {
    fakeServer((call) => {
      if (call.path === '/admin_settings/users' && call.method === 'GET') {
        return { body: [aUser(1, 'admin', 3), aUser(2, 'front.desk.operator', 1)], total: 2 };
      }
      return undefined;
    });
    renderWithApp(<UsersPage />, '/setting/users');
    fireEvent.click(await screen.findByTestId('delete-user-front.desk.operator'));

    const dialog = await screen.findByRole('dialog', { name: 'Delete user record?' });
    expect(within(dialog).getByTestId('delete-dialog-body').textContent).toBe(
      'The user “front.desk.operator” will be permanently deleted.',
    );
    expect(within(dialog).getByText('They are signed out of every open console at once.')).toBeTruthy();
  });
});
