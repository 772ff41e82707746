import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Avatar } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { AvatarPage } from './avatar-page';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

const avatar = (id: number, name: string, more: Partial<Avatar> = {}): Avatar => ({
  id,
  avatar_id: id,
  name,
  avatar_name: name,
  is_in_use: false,
  virtual_avatar_type: 'video_avatar',
  status: 'ready',
  progress: 100,
  interrupted: false,
  eta_seconds: null,
  failure: null,
  failure_message: null,
  image_id: id * 10,
  photo_url: `/media/${id}.jpg`,
  thumb_url: `/media/${id}-thumb.webp`,
  still_url: `/media/${id}-still.webp`,
  motions: { action_gesture: ['nod'], idle_motion: ['breathe'], lip_sync_animation: true },
  created_at: '2026-11-20T10:00:00.000Z',
  produced_at: '2026-11-20T10:00:06.000Z',
  production_ms: 6000,
  ...more,
});

/** The avatar calls over a stored list; `refuseInUse` makes putting one in use fail. */
function avatarServer(list: Avatar[], { refuseInUse = false, failList = false } = {}) {
  let stored = list;
  const calls = fakeServer((call: FakeCall) => {
    if (call.path === '/virtual_avatar/type') {
      return { body: { virtual_avatar_type: 'video_avatar', max_avatars: 10, production_seconds: 6 } };
    }
    if (call.path !== '/virtual_avatar/video_avatar') return undefined;
    if (call.method === 'GET') {
      if (failList)
        return { status: 500, body: { success: false, message: 'Boom', error: 'internal_error' } };
      return { body: stored };
    }
    const body = call.body as { avatar_id: number; name?: string; is_in_use?: boolean };
    if (call.method === 'PUT') {
      if (body.is_in_use !== undefined && refuseInUse) {
        return {
          status: 409,
          body: { success: false, message: 'not ready', data: null, error: 'avatar_not_ready' },
        };
      }
      stored = stored.map((a) =>
        a.id === body.avatar_id
          ? {
              ...a,
              ...(body.name && { name: body.name }),
              ...(body.is_in_use !== undefined && { is_in_use: body.is_in_use }),
            }
          : body.is_in_use
            ? { ...a, is_in_use: false }
            : a,
      );
      return { body: stored.find((a) => a.id === body.avatar_id) };
    }
    if (call.method === 'DELETE') {
      stored = stored.filter((a) => a.id !== body.avatar_id);
      return { body: null };
    }
    return undefined;
  });
  return { calls, stored: () => stored };
}

const card = (id: number) => screen.getByTestId(`avatar-card-${id}`);
const inUse = (id: number) =>
  within(card(id)).getByTestId('avatar-in-use').querySelector('input') as HTMLInputElement;

describe('AvatarPage', () => {
  it('lists the avatars: ready ones with their switch, one being made with its progress and time left', async () => {
    avatarServer([
      avatar(1, 'Ada', { is_in_use: true }),
      avatar(2, 'Ben', {
        status: 'producing',
        progress: 55,
        eta_seconds: 4,
        still_url: null,
        production_ms: null,
      }),
    ]);
    renderWithApp(<AvatarPage />, '/interface/avatar');
    await screen.findByTestId('avatar-card-1');
    expect(within(card(1)).getByTestId('avatar-status').textContent).toBe('Ready');
    expect(inUse(1).checked).toBe(true);
    expect(within(card(2)).getByTestId('avatar-status').textContent).toBe('Making');
    expect(within(card(2)).getByTestId('avatar-eta').textContent).toBe('About 4 s left');
    expect(inUse(2).disabled).toBe(true);
    expect((within(card(2)).getByTestId('avatar-motions') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says an interrupted production resumes by itself, instead of a time left', async () => {
    avatarServer([
      avatar(3, 'Cleo', {
        status: 'producing',
        progress: 30,
        eta_seconds: 9,
        interrupted: true,
        still_url: null,
      }),
    ]);
    renderWithApp(<AvatarPage />, '/interface/avatar');
    await screen.findByTestId('avatar-card-3');
    expect(within(card(3)).getByTestId('avatar-interrupted').textContent).toMatch(/resumes by itself/);
    expect(within(card(3)).queryByTestId('avatar-eta')).toBeNull();
  });

  it('puts one avatar in use, the other out; a refusal leaves the switch as it was and says why', async () => {
    const { stored } = avatarServer([avatar(1, 'Ada', { is_in_use: true }), avatar(2, 'Ben')]);
    renderWithApp(<AvatarPage />, '/interface/avatar');
    await screen.findByTestId('avatar-card-2');
    fireEvent.click(inUse(2));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Ben is now in use'));
    await waitFor(() => expect(inUse(2).checked).toBe(true));
    expect(inUse(1).checked).toBe(false);
    expect(stored().map((a) => a.is_in_use)).toEqual([false, true]);
  });

  it('reverts the in-use switch when the server refuses', async () => {
    avatarServer([avatar(1, 'Ada')], { refuseInUse: true });
    renderWithApp(<AvatarPage />, '/interface/avatar');
    await screen.findByTestId('avatar-card-1');
    fireEvent.click(inUse(1));
    await waitFor(() =>
      expect(snackbarStore.get().text).toBe(
        'This avatar is not ready yet. Wait until its production has finished.',
      ),
    );
    await waitFor(() => expect(inUse(1).checked).toBe(false));
  });

  it('renames with the avatar name rule, and deletes with the words that it cannot be undone', async () => {
    const { calls, stored } = avatarServer([avatar(1, 'Ada')]);
    renderWithApp(<AvatarPage />, '/interface/avatar');
    await screen.findByTestId('avatar-card-1');
    fireEvent.click(within(card(1)).getByTestId('avatar-rename'));
    const name = await screen.findByTestId('avatar-name-input');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('dialog-submit'));
    expect(await screen.findByText('Avatar Name is required')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Greeter' } });
    fireEvent.click(screen.getByTestId('dialog-submit'));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Avatar renamed'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      device_id: 7,
      avatar_id: 1,
      name: 'Greeter',
    });

    fireEvent.click(within(await screen.findByTestId('avatar-card-1')).getByTestId('avatar-delete'));
    const dialog = await screen.findByTestId('delete-dialog');
    expect(within(dialog).getByTestId('delete-dialog-body').textContent).toBe(
      'This avatar will be permanently deleted. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Avatar deleted'));
    expect(stored()).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId('avatar-card-1')).toBeNull());
  });

  it('goes back to Interface Settings when the avatars cannot be loaded', async () => {
    avatarServer([], { failList: true });
    renderWithApp(<AvatarPage />, '/interface/avatar');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/interface'));
  });
});
