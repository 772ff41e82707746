import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { LIVE_EVENT, type ChatWaitingDevice } from '@ambassador/contracts';
import { ChatAlerts } from '@/features/chat/components/chat-notice';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';
import { dispatchLiveEvent } from '@/shared/realtime/live-socket';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp, signedIn, signedInWithTwoDevices } from '@/shared/test/render-with-app';
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

/** The left bar as the shell has it: with Live Chat's alerts, which read and keep the count live. */
function LeftBarInShell({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <>
      <LeftBarContent collapsed={collapsed} onLogout={() => undefined} loggingOut={false} />
      <ChatAlerts />
    </>
  );
}

describe('the Live Chat badge', () => {
  const gate = (chats: number): ChatWaitingDevice => ({
    device_id: 8,
    device_name: 'Gate kiosk',
    chats,
    unread: chats,
    latest_session_id: 'dddddddd-4444-4444-8444-444444444444',
  });
  const lobby: ChatWaitingDevice = { ...gate(1), device_id: 7, device_name: 'Lobby' };

  it('counts the chats waiting on every device, and follows the live chat events', async () => {
    let waiting = [lobby, gate(2)];
    const calls = fakeServer((call) => (call.path === '/chat/waiting' ? { body: waiting } : undefined));
    renderWithApp(<LeftBarInShell />, '/dashboard', { auth: signedInWithTwoDevices });

    const badge = await screen.findByTestId('nav-chat-badge');
    await vi.waitFor(() => expect(badge.dataset.count).toBe('3'));
    expect(screen.getByTestId('nav-chat').getAttribute('aria-label')).toBe('Live Chat (Chats waiting: 3)');

    // An operator reads Gate kiosk's chats somewhere: the event brings the new count.
    waiting = [lobby];
    act(() =>
      dispatchLiveEvent({
        name: LIVE_EVENT.chatMessage,
        project_id: 1,
        device_id: 8,
        device_name: 'Gate kiosk',
        session_id: gate(1).latest_session_id,
        change: 'read',
        message: null,
        unread: 0,
      }),
    );
    await vi.waitFor(() => expect(screen.getByTestId('nav-chat-badge').dataset.count).toBe('1'));

    waiting = [];
    act(() =>
      dispatchLiveEvent({
        name: LIVE_EVENT.chatMessage,
        project_id: 1,
        device_id: 7,
        device_name: 'Lobby',
        session_id: lobby.latest_session_id,
        change: 'ended',
        message: null,
        unread: 0,
      }),
    );
    await vi.waitFor(() => expect(screen.queryByTestId('nav-chat-badge')).toBeNull());
    expect(screen.getByTestId('nav-chat').getAttribute('aria-label')).toBeNull();
    expect(calls.filter((c) => c.path === '/chat/waiting').length).toBeGreaterThanOrEqual(3);
  });

  it('shows on the collapsed bar too', async () => {
    fakeServer((call) => (call.path === '/chat/waiting' ? { body: [gate(2)] } : undefined));
    renderWithApp(<LeftBarInShell collapsed />, '/dashboard', { auth: signedInWithTwoDevices });
    await vi.waitFor(() => expect(screen.getByTestId('nav-chat-badge').dataset.count).toBe('2'));
  });

  it('is not asked for by a user who may not open Live Chat', async () => {
    const calls = fakeServer((call) => (call.path === '/chat/waiting' ? { body: [gate(2)] } : undefined));
    renderWithApp(<LeftBarInShell />, '/dashboard', {
      auth: { ...signedInWithTwoDevices, page_access: ['/dashboard', '/live_video'] },
    });
    await screen.findByTestId('nav-live_video');
    expect(screen.queryByTestId('nav-chat')).toBeNull();
    expect(calls.filter((c) => c.path === '/chat/waiting')).toEqual([]);
  });
});
