import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeRule, type ManagedDevice, type OfflineHours } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { OfflineHoursDialog } from './offline-hours-dialog';
import { initialOfflineHoursForm, offlineHoursRequest, validateOfflineHours } from './offline-hours-form';

const SAVED: OfflineHours = {
  offline_hours: [
    { day: 'weekdays', start: '09:00', end: '18:00' },
    { day: 'saturday', start: '10:00', end: '24:00' },
  ],
  time_zone: 'Asia/Hong_Kong',
  offline_response: { english: 'We are closed. Please come back at 9:00.' },
};

const lobby = {
  id: 7,
  description: 'Lobby',
  kind: 'ambassador',
  languages: ['english', 'cantonese'],
} as ManagedDevice;

function server(
  saved: OfflineHours,
  { admin = true, put }: { admin?: boolean; put?: (call: FakeCall) => FakeReply } = {},
) {
  return fakeServer((call) => {
    if (call.path === '/video_call/offline_hours/7' && call.method === 'GET') return { body: saved };
    if (call.path === '/video_call/offline_hours/7' && call.method === 'PUT') {
      return put?.(call) ?? { body: call.body };
    }
    if (call.path === '/admin_settings/devices') {
      return admin
        ? { body: [lobby] }
        : { status: 403, body: { success: false, message: 'Forbidden', error: 'forbidden' } };
    }
    return undefined;
  });
}

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');

async function openDialog(onClose = vi.fn()) {
  renderWithApp(<OfflineHoursDialog open deviceId={7} deviceName="Lobby" onClose={onClose} />, '/live_video');
  await screen.findByTestId('offline-row-0');
  return onClose;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('OfflineHoursDialog', () => {
  it('shows the saved hours, time zone and responses in the device’s languages', async () => {
    server(SAVED);
    await openDialog();
    const dialog = screen.getByTestId('offline-hours-dialog');
    expect(within(dialog).getByText('Offline hours: Lobby')).toBeTruthy();
    expect(dialog.textContent).toContain(
      'The desk is offline during these hours: a visitor who calls then sees the offline response',
    );
    expect(dialog.textContent).toContain('18:00 to 09:00 is offline from 18:00 until 09:00 the next day');
    expect(screen.getByTestId('offline-day-0').textContent).toBe('Weekdays');
    expect((screen.getByTestId('offline-start-0') as HTMLInputElement).value).toBe('09:00');
    expect(screen.getByTestId('offline-day-1').textContent).toBe('Saturday');
    // Midnight as an end shows as 00:00 in a time input.
    expect((screen.getByTestId('offline-end-1') as HTMLInputElement).value).toBe('00:00');
    expect((screen.getByTestId('offline-time-zone') as HTMLInputElement).value).toBe('Asia/Hong_Kong');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Cantonese', 'English']);
    fireEvent.click(screen.getByTestId('language-tab-english'));
    expect((screen.getByTestId('offline-response') as HTMLTextAreaElement).value).toBe(
      'We are closed. Please come back at 9:00.',
    );
  });

  it('offers every language when the device list cannot be read (not an admin)', async () => {
    server(SAVED, { admin: false });
    await openDialog();
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(8));
    expect(screen.getByTestId('offline-hours-dialog').textContent).toContain(
      "The device's languages could not be read",
    );
    // Reading the list is not the operator's action: no error for it.
    expect(snackbarStore.get().status === 'error' && snackbarStore.get().text === 'Forbidden').toBe(false);
  });

  it('does not send a span that ends where it starts, says which, and takes an overnight one', async () => {
    const calls = server(SAVED);
    await openDialog();
    fireEvent.change(screen.getByTestId('offline-end-0'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByTestId('offline-start-1'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('offline-hours-save'));

    const same = 'The end must differ from the start (00:00 to 00:00 is the whole day)';
    expect(await screen.findByText(same)).toBeTruthy();
    expect(screen.getByText('Use a time like 09:30')).toBeTruthy();
    expect(snackbarStore.get().text).toBe('Incorrect data found, please check again.');
    expect(puts(calls)).toEqual([]);

    // 09:00 → 08:00 runs overnight: accepted, and the row says it ends the next day.
    fireEvent.change(screen.getByTestId('offline-end-0'), { target: { value: '08:00' } });
    expect(screen.queryByText(same)).toBeNull();
    expect(within(screen.getByTestId('offline-row-0')).getByText('Next day')).toBeTruthy();
    expect(within(screen.getByTestId('offline-row-1')).queryByText('Next day')).toBeNull();
  });

  it('saves rows added, changed and removed, the time zone and trimmed responses', async () => {
    const calls = server(SAVED);
    const onClose = await openDialog();

    fireEvent.click(screen.getByTestId('offline-remove-0'));
    fireEvent.click(screen.getByTestId('offline-add-row'));
    fireEvent.mouseDown(screen.getByTestId('offline-day-1'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByTestId('offline-day-option-sunday'));
    // A new span starts as weekday evenings to the next morning; this one is Sunday night.
    expect((screen.getByTestId('offline-start-1') as HTMLInputElement).value).toBe('18:00');
    expect((screen.getByTestId('offline-end-1') as HTMLInputElement).value).toBe('09:00');
    fireEvent.change(screen.getByTestId('offline-start-1'), { target: { value: '22:00' } });
    fireEvent.change(screen.getByTestId('offline-end-1'), { target: { value: '06:00' } });

    const zone = screen.getByTestId('offline-time-zone');
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'Europe/Lis' } });
    fireEvent.keyDown(zone, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Europe/Lisbon' }));

    fireEvent.click(screen.getByTestId('language-tab-cantonese'));
    fireEvent.change(screen.getByTestId('offline-response'), {
      target: { value: '  休息中，請明天再來。 ' },
    });
    fireEvent.click(screen.getByTestId('language-tab-english'));
    fireEvent.change(screen.getByTestId('offline-response'), { target: { value: '   ' } });

    fireEvent.click(screen.getByTestId('offline-hours-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]?.path).toBe('/video_call/offline_hours/7');
    expect(puts(calls)[0]?.body).toEqual({
      offline_hours: [
        { day: 'saturday', start: '10:00', end: '24:00' },
        { day: 'sunday', start: '22:00', end: '06:00' },
      ],
      time_zone: 'Europe/Lisbon',
      offline_response: { cantonese: '休息中，請明天再來。' },
    });
    expect(snackbarStore.get().text).toBe('Offline hours saved');
  });

  it('with no offline hours calls are taken at any time; the server’s message shows when it refuses', async () => {
    const calls = server(SAVED, {
      put: () => ({
        status: 400,
        body: { success: false, message: 'Unknown time zone', error: 'bad_request' },
      }),
    });
    const onClose = await openDialog();
    fireEvent.click(screen.getByTestId('offline-remove-1'));
    fireEvent.click(screen.getByTestId('offline-remove-0'));
    expect(screen.getByTestId('offline-hours-none').textContent).toBe(
      'No offline hours: calls are taken at any time.',
    );

    fireEvent.click(screen.getByTestId('offline-hours-save'));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe('Unknown time zone');
    expect(screen.getByTestId('offline-hours-server-error').textContent).toBe('Unknown time zone');
    expect((puts(calls)[0]?.body as OfflineHours).offline_hours).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('offline hours form', () => {
  it('starts a device with no hours in the browser’s time zone, not the server’s UTC default', () => {
    const defaults: OfflineHours = { offline_hours: [], time_zone: 'UTC', offline_response: {} };
    expect(initialOfflineHoursForm(defaults, 'Asia/Hong_Kong').time_zone).toBe('Asia/Hong_Kong');
    // A response alone does not make the default zone the device's.
    const answered = { ...defaults, offline_response: { english: 'Closed' } };
    expect(initialOfflineHoursForm(answered, 'Asia/Hong_Kong').time_zone).toBe('Asia/Hong_Kong');
    // Hours saved in UTC are the device's: they stay in UTC.
    const hours = {
      ...defaults,
      offline_hours: [{ day: 'sunday', start: '00:00', end: '24:00' }],
    } as OfflineHours;
    expect(initialOfflineHoursForm(hours, 'Asia/Hong_Kong').time_zone).toBe('UTC');
  });

  it('checks responses against the 500-character limit', () => {
    const form = initialOfflineHoursForm(SAVED);
    form.responses.german = 'x'.repeat(501);
    expect(validateOfflineHours(form).responses).toEqual({
      german: makeRule('maximum_characters', { max: 500 }),
    });
    expect(
      offlineHoursRequest({ ...form, responses: { german: 'x'.repeat(500) } }).offline_response.german,
    ).toHaveLength(500);
  });
});
