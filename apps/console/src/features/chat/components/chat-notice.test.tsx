import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { LIVE_EVENT } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { dispatchLiveEvent } from '@/shared/realtime/live-socket';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp, signedInWithTwoDevices } from '@/shared/test/render-with-app';
import { aMessage } from '../test/fixtures';
import { ChatNotice, onChatEvent } from './chat-notice';

const GATE_CHAT = 'dddddddd-4444-4444-8444-444444444444';
const LOBBY_CHAT = 'eeeeeeee-5555-4555-8555-555555555555';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

/** Mary on /dashboard (or `path`), Lobby (7) selected, Gate kiosk (8) not. */
function render(path = '/dashboard', auth = signedInWithTwoDevices) {
  fakeServer(() => ({ body: [] }));
  return renderWithApp(<ChatNotice />, path, { auth });
}

const chatEvent = (fields: Record<string, unknown>) =>
  act(() =>
    dispatchLiveEvent({
      name: LIVE_EVENT.chatMessage,
      project_id: 1,
      device_id: 8,
      device_name: 'Gate kiosk',
      session_id: GATE_CHAT,
      change: 'started',
      message: null,
      unread: 0,
      ...fields,
    }),
  );

const notice = () => screen.queryByTestId('chat-notice');

// The chat schemas load at the first event in the app; here before the first test, so events are handled at once.
beforeAll(() => onChatEvent.ready());

describe('ChatNotice', () => {
  it('names the device where a visitor opened a chat, and opens it there in one click', async () => {
    render();
    expect(notice()).toBeNull();

    chatEvent({});
    expect(screen.getByTestId('chat-notice-text').textContent).toBe('Gate kiosk: new chat from a visitor');

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/chat?session=${GATE_CHAT}`),
    );
    expect(authStore.get().selected_device).toBe(8);
    expect(notice()).toBeNull();
  });

  it('tells of a visitor’s new message, but not of an operator’s, and says it in the chosen language', async () => {
    render();
    chatEvent({
      change: 'message',
      message: aMessage(GATE_CHAT, 'On my way', { sent_by_admin: true, sender: 'tom' }),
    });
    expect(notice()).toBeNull();

    await act(() => changeUiLanguage('zhHant'));
    chatEvent({ change: 'message', message: aMessage(GATE_CHAT, 'Hello?'), unread: 1 });
    expect(screen.getByTestId('chat-notice-text').textContent).toBe('Gate kiosk：訪客傳來新訊息');
    expect(screen.getByRole('button', { name: '開啟' })).toBeTruthy();

    await act(() => changeUiLanguage('zhHans'));
    expect(screen.getByTestId('chat-notice-text').textContent).toBe('Gate kiosk：访客发来新消息');
  });

  it('goes when another operator reads the chat or the visitor leaves, or on Close', () => {
    render();
    chatEvent({});
    expect(notice()).not.toBeNull();
    // Another chat being read changes nothing.
    chatEvent({ change: 'read', session_id: LOBBY_CHAT, device_id: 7 });
    expect(notice()).not.toBeNull();
    chatEvent({ change: 'read' });
    expect(notice()).toBeNull();

    chatEvent({});
    chatEvent({ change: 'ended' });
    expect(notice()).toBeNull();

    chatEvent({});
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(notice()).toBeNull();
  });

  it('stays quiet for the selected device while Live Chat shows it, not elsewhere', () => {
    render('/chat');
    chatEvent({ device_id: 7, device_name: 'Lobby', session_id: LOBBY_CHAT });
    expect(notice()).toBeNull();
    chatEvent({});
    expect(screen.getByTestId('chat-notice-text').textContent).toBe('Gate kiosk: new chat from a visitor');
    cleanup();

    render('/dashboard');
    chatEvent({ device_id: 7, device_name: 'Lobby', session_id: LOBBY_CHAT });
    expect(screen.getByTestId('chat-notice-text').textContent).toBe('Lobby: new chat from a visitor');
  });

  it('says nothing to a user who may not open Live Chat, nor of another project', () => {
    render('/dashboard', { ...signedInWithTwoDevices, page_access: ['/dashboard', '/live_video'] });
    chatEvent({});
    expect(notice()).toBeNull();
    cleanup();

    render();
    chatEvent({ project_id: 2 });
    expect(notice()).toBeNull();
  });
});
