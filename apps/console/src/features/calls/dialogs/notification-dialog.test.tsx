import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_CHANNEL, type NotificationChannel } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { NotificationDialog } from './notification-dialog';

function server(saved: NotificationChannel) {
  return fakeServer((call) => {
    if (call.path !== '/video_call/notification/7') return undefined;
    return { body: call.method === 'PUT' ? call.body : saved };
  });
}

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

/** The browser's Notification API with a permission the test chooses and a prompt it answers. */
function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  return requestPermission;
}

async function openDialog(onClose = vi.fn()) {
  renderWithApp(<NotificationDialog open deviceId={7} deviceName="Lobby" onClose={onClose} />, '/live_video');
  await screen.findByTestId('notification-ring-seconds');
  return onClose;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('NotificationDialog', () => {
  it('shows the device’s settings and saves the changed ones', async () => {
    stubNotifications('granted');
    const calls = server(DEFAULT_NOTIFICATION_CHANNEL);
    const onClose = await openDialog();
    expect(screen.getByText('Notification settings: Lobby')).toBeTruthy();
    expect(input('notification-banner').checked).toBe(true);
    expect(input('notification-sound').checked).toBe(true);
    expect(input('notification-desktop').checked).toBe(false);
    expect(input('notification-ring-seconds').value).toBe('45');

    fireEvent.click(input('notification-sound'));
    fireEvent.change(input('notification-ring-seconds'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('notification-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]?.body).toEqual({ banner: true, sound: false, desktop: false, ring_seconds: 60 });
    expect(snackbarStore.get().text).toBe('Notification settings saved');
  });

  it('keeps the ring time between 10 and 300 seconds', async () => {
    const calls = server(DEFAULT_NOTIFICATION_CHANNEL);
    await openDialog();
    const ring = input('notification-ring-seconds');
    fireEvent.change(ring, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('notification-save'));
    expect(await screen.findByText('Min. 10')).toBeTruthy();
    fireEvent.change(ring, { target: { value: '301' } });
    expect(screen.getByText('Maximum 300')).toBeTruthy();
    fireEvent.change(ring, { target: { value: '' } });
    expect(screen.getByText('Enter whole seconds')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('asks the browser for permission when desktop notifications are turned on', async () => {
    const request = stubNotifications('default', 'granted');
    const calls = server(DEFAULT_NOTIFICATION_CHANNEL);
    const onClose = await openDialog();
    fireEvent.click(input('notification-desktop'));
    expect(request).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByTestId('notification-permission').textContent).toBe('This browser shows them.'),
    );
    fireEvent.click(screen.getByTestId('notification-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts(calls)[0]?.body).toMatchObject({ desktop: true });
  });

  it('says when this browser blocked notifications, and still saves the device’s setting', async () => {
    const request = stubNotifications('default', 'denied');
    const calls = server(DEFAULT_NOTIFICATION_CHANNEL);
    const onClose = await openDialog();
    fireEvent.click(input('notification-desktop'));
    await waitFor(() =>
      expect(screen.getByTestId('notification-permission').dataset.permission).toBe('denied'),
    );
    expect(screen.getByTestId('notification-permission').textContent).toContain(
      'This browser blocked notifications for this site.',
    );
    expect(request).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('notification-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts(calls)[0]?.body).toMatchObject({ desktop: true });
  });

  it('does not ask again once the browser has decided', async () => {
    const request = stubNotifications('denied');
    server({ ...DEFAULT_NOTIFICATION_CHANNEL, desktop: true });
    await openDialog();
    expect(screen.getByTestId('notification-permission').dataset.permission).toBe('denied');
    fireEvent.click(input('notification-desktop'));
    fireEvent.click(input('notification-desktop'));
    expect(request).not.toHaveBeenCalled();
  });
});
