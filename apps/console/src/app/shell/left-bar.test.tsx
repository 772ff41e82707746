import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';
import { renderWithApp, signedIn } from '@/shared/test/render-with-app';
import { LeftBarContent } from './left-bar';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

function signedInAs(username: string, role_id: 1 | 2 | 3): AuthState {
  return { ...signedIn, user_info: { ...signedIn.user_info!, username, role_id } };
}

const renderBar = (auth: AuthState) =>
  renderWithApp(
    <LeftBarContent collapsed={false} onLogout={() => undefined} loggingOut={false} />,
    '/dashboard',
    {
      auth,
    },
  );

describe('LeftBarContent', () => {
  it("shows the signed-in user's own role, not Admin for everyone", async () => {
    renderBar(signedInAs('frontdesk', 1));
    expect(screen.getByTestId('current-role').textContent).toBe('User');
    cleanup();

    renderBar(signedInAs('kiosk-service', 2));
    expect(screen.getByTestId('current-role').textContent).toBe('Service');
    cleanup();

    renderBar(signedInAs('admin', 3));
    expect(screen.getByTestId('current-role').textContent).toBe('Admin');
    cleanup();

    await changeUiLanguage('zhHant');
    renderBar(signedInAs('frontdesk', 1));
    expect(screen.getByTestId('current-role').textContent).toBe('使用者');
  });

  it('shows a long username in full in a tooltip', async () => {
    const long = 'front.desk.operator.main.lobby.weekend-shift';
    renderBar(signedInAs(long, 1));
    const name = screen.getByTestId('current-username');
    expect(name.textContent).toBe(long);
    fireEvent.mouseOver(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
  });
});
