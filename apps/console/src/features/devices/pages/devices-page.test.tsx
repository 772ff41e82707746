import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Device, ManagedDevice } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { DevicesPage } from './devices-page';

function aDevice(id: number, description: string, patch: Partial<ManagedDevice> = {}): ManagedDevice {
  return {
    id,
    description,
    kind: 'ambassador',
    languages: ['english', 'cantonese'],
    key_prefix: `dk_${id}abc`,
    key_created_at: '2025-03-01T09:00:00Z',
    last_seen_at: null,
    archived_at: null,
    has_staff_pin: false,
    unpaired_at: null,
    created_at: '2025-03-01T09:00:00Z',
    ...patch,
  };
}

/** The device API of the contract, over a list the test can read. `fail` answers a call first. */
function deviceServer(initial: ManagedDevice[], fail?: (call: FakeCall) => FakeReply) {
  const devices = [...initial];
  let nextId = 100;
  let keys = 0;
  const find = (call: FakeCall) => devices.find((d) => d.id === (call.body as { id: number }).id);
  const calls = fakeServer((call) => {
    const failed = fail?.(call);
    if (failed) return failed;
    const { method, path } = call;
    if (path === '/interface/devices') {
      const inUse = devices.filter((d) => d.archived_at === null);
      return { body: inUse.map(({ id, description, kind }): Device => ({ id, description, kind })) };
    }
    if (path === '/admin_settings/devices/archive' || path === '/admin_settings/devices/restore') {
      const device = find(call);
      if (!device) return undefined;
      device.archived_at = path.endsWith('archive') ? new Date().toISOString() : null;
      device.key_prefix = null;
      return { body: device };
    }
    if (path === '/admin_settings/devices' && method === 'DELETE') {
      const device = find(call);
      if (!device) return undefined;
      devices.splice(devices.indexOf(device), 1);
      const removed = { topics: 12, conversations: 340, chats: 2, calls: 1, pushes: 0 };
      return { body: { id: device.id, description: device.description, removed } };
    }
    if (path === '/admin_settings/devices' && method === 'GET') return { body: devices };
    if (path === '/admin_settings/devices' && method === 'POST') {
      const body = call.body as Pick<ManagedDevice, 'description' | 'kind' | 'languages'>;
      const device = aDevice(nextId++, body.description, { ...body, key_prefix: 'dk_new1' });
      devices.push(device);
      return { body: { device, device_key: 'dk_new1-SECRET-0001' } };
    }
    if (path === '/admin_settings/devices' && method === 'PUT') {
      const device = find(call);
      if (!device) return undefined;
      Object.assign(device, call.body);
      return { body: device };
    }
    if (path === '/admin_settings/devices/key' && method === 'POST') {
      const device = find(call);
      if (!device) return undefined;
      keys += 1;
      device.key_prefix = `dk_rot${keys}`;
      return { body: { device, device_key: `dk_rot${keys}-SECRET-ROTATED` } };
    }
    if (path === '/admin_settings/devices/staff_pin' && method === 'PUT') {
      const device = find(call);
      if (!device) return undefined;
      device.has_staff_pin = (call.body as { pin: string | null }).pin !== null;
      return { body: device };
    }
    if (path === '/admin_settings/devices/key' && method === 'DELETE') {
      const device = find(call);
      if (!device) return undefined;
      device.key_prefix = null;
      device.key_created_at = null;
      return { body: device };
    }
    return undefined;
  });
  return { calls, devices };
}

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');
const row = (id: number) => screen.getByTestId(`device-row-${id}`);

async function openSelect(testId: string) {
  fireEvent.mouseDown(screen.getByTestId(testId));
  return screen.findByRole('listbox');
}

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

describe('DevicesPage', () => {
  it('lists each device with its type, languages, key status and last visit', async () => {
    deviceServer([
      aDevice(1, 'Lobby kiosk', { last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString() }),
      aDevice(2, 'Web chat', {
        kind: 'chatbot',
        languages: ['mandarin'],
        key_prefix: null,
        key_created_at: null,
      }),
    ]);
    renderWithApp(<DevicesPage />, '/setting/devices');

    const lobby = await screen.findByTestId('device-row-1');
    expect(within(lobby).getByText('Lobby kiosk')).toBeTruthy();
    expect(within(lobby).getByText('Ambassador')).toBeTruthy();
    expect(within(lobby).getByText('English')).toBeTruthy();
    expect(within(lobby).getByText('Cantonese')).toBeTruthy();
    expect(within(lobby).getByText('dk_1abc…')).toBeTruthy();
    expect(within(lobby).getByText(/^Created /)).toBeTruthy();
    expect(within(lobby).getByText('5 minutes ago')).toBeTruthy();
    expect(within(lobby).queryByText('No key')).toBeNull();

    const chat = row(2);
    expect(within(chat).getByText('Chatbot')).toBeTruthy();
    expect(within(chat).getByText('Mandarin')).toBeTruthy();
    expect(within(chat).getByText('No key')).toBeTruthy();
    expect(within(chat).getByText('Never')).toBeTruthy();
    // Nothing to revoke on a device without a key.
    expect((screen.getByTestId('revoke-key-2') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('revoke-key-1') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the project has no devices', async () => {
    deviceServer([]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    expect((await screen.findByTestId('table-empty')).textContent).toBe(
      'No devices yet. Add one, then enter its key on the device.',
    );
  });

  it('adds a device, shows its key once and puts it in the device selector', async () => {
    const { calls } = deviceServer([aDevice(7, 'Lobby')]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    await screen.findByTestId('device-row-7');

    fireEvent.click(screen.getByTestId('add-device'));
    const dialog = await screen.findByTestId('device-dialog');
    expect(within(dialog).getByTestId('device-languages').textContent).toBe('English, Cantonese, Mandarin');
    fireEvent.change(within(dialog).getByTestId('device-name'), { target: { value: '  Gate kiosk ' } });
    fireEvent.click(within(await openSelect('device-kind')).getByTestId('device-kind-option-chatbot'));
    // Double-clicking Add sends one device.
    const add = within(dialog).getByTestId('dialog-submit');
    fireEvent.click(add);
    fireEvent.click(add);

    const keyDialog = await screen.findByTestId('device-key-dialog');
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/admin_settings/devices',
        body: { description: 'Gate kiosk', kind: 'chatbot', languages: ['english', 'cantonese', 'mandarin'] },
      }),
    ]);
    expect((within(keyDialog).getByTestId('device-key-value') as HTMLInputElement).value).toBe(
      'dk_new1-SECRET-0001',
    );
    expect(within(keyDialog).getByText(/shown only once/)).toBeTruthy();
    expect(within(keyDialog).getByTestId('device-key-pairing').textContent).toBe(
      'Open http://localhost:3000/kiosk/ on the device and paste this key.'.replace(
        'http://localhost:3000',
        window.location.origin,
      ),
    );
    expect(within(keyDialog).getByTestId('device-key-kiosk-link').getAttribute('href')).toBe('/kiosk/');
    await waitFor(() => expect(screen.queryByTestId('device-dialog')).toBeNull());

    // The shell's selector lists the new device at once; the selected one stays.
    await waitFor(() =>
      expect(authStore.get().device_list).toEqual([
        { id: 7, description: 'Lobby', kind: 'ambassador' },
        { id: 100, description: 'Gate kiosk', kind: 'chatbot' },
      ]),
    );
    expect(authStore.get().selected_device).toBe(7);
    expect(await screen.findByTestId('device-row-100')).toBeTruthy();
    expect(snackbarStore.get().text).toBe('Device Gate kiosk added');

    // Neither a stray click beside it nor Escape loses the key.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(keyDialog.querySelector('.MuiBackdrop-root') as Element);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    // Longer than the closing transition.
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getByTestId('device-key-value')).toBeTruthy();
    vi.useRealTimers();

    fireEvent.click(within(keyDialog).getByTestId('device-key-done'));
    await waitFor(() => expect(screen.queryByTestId('device-key-dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('SECRET');
  });

  it('selects the first device when the project had none', async () => {
    deviceServer([]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    authStore.update({ device_list: [], selected_device: null });
    await screen.findByTestId('table-empty');
    fireEvent.click(screen.getByTestId('add-device'));
    fireEvent.change(await screen.findByTestId('device-name'), { target: { value: 'First' } });
    fireEvent.click(screen.getByTestId('dialog-submit'));
    await screen.findByTestId('device-key-dialog');
    await waitFor(() => expect(authStore.get().selected_device).toBe(100));
  });

  it('copies the key to the clipboard', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    deviceServer([aDevice(7, 'Lobby')]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('rotate-key-7'));
    fireEvent.click(await screen.findByTestId('confirm-key-submit'));
    const copy = await screen.findByTestId('device-key-copy');
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledWith('dk_rot1-SECRET-ROTATED');
    expect(copy.textContent).toBe('Copied');
  });

  it('selects the key for a manual copy where the clipboard is unavailable', async () => {
    // Plain http: no navigator.clipboard.
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    deviceServer([aDevice(7, 'Lobby')]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('rotate-key-7'));
    fireEvent.click(await screen.findByTestId('confirm-key-submit'));
    const input = (await screen.findByTestId('device-key-value')) as HTMLInputElement;
    await act(async () => fireEvent.click(screen.getByTestId('device-key-copy')));
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe('dk_rot1-SECRET-ROTATED'.length);
    expect(screen.getByText('The key is selected: press Ctrl+C (⌘C on a Mac) to copy it.')).toBeTruthy();
  });

  it('rotates a key only after the warning, then shows the new key', async () => {
    const { calls } = deviceServer([aDevice(7, 'Lobby')]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('rotate-key-7'));
    const confirm = await screen.findByTestId('confirm-key-dialog');
    expect(within(confirm).getByText('Rotate the key of Lobby?')).toBeTruthy();
    expect(
      within(confirm).getByText(
        'The device using the current key stops working until you enter the new key on it.',
      ),
    ).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    const submit = within(confirm).getByTestId('confirm-key-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    const keyDialog = await screen.findByTestId('device-key-dialog');
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/admin_settings/devices/key', body: { id: 7 } }),
    ]);
    expect((within(keyDialog).getByTestId('device-key-value') as HTMLInputElement).value).toBe(
      'dk_rot1-SECRET-ROTATED',
    );
    expect(await within(row(7)).findByText('dk_rot1…')).toBeTruthy();
  });

  it('cancelling the rotation changes nothing', async () => {
    const { calls } = deviceServer([aDevice(7, 'Lobby')]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('rotate-key-7'));
    fireEvent.click(within(await screen.findByTestId('confirm-key-dialog')).getByTestId('dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-key-dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);
    expect(screen.queryByTestId('device-key-dialog')).toBeNull();
  });

  it('revokes a key after confirming, and the row shows no key', async () => {
    const { calls } = deviceServer([aDevice(7, 'Lobby')]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('revoke-key-7'));
    const confirm = await screen.findByTestId('confirm-key-dialog');
    expect(within(confirm).getByText('Revoke the key of Lobby?')).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('confirm-key-submit'));
    expect(await within(row(7)).findByText('No key')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/admin_settings/devices/key', body: { id: 7 } }),
    ]);
    await waitFor(() => expect(screen.queryByTestId('confirm-key-dialog')).toBeNull());
    expect(snackbarStore.get().text).toBe('Key of Lobby revoked');
    expect(screen.queryByTestId('device-key-dialog')).toBeNull();
  });

  it('sets a staff PIN of 4 to 8 digits for the kiosk, then removes it', async () => {
    const { calls } = deviceServer([aDevice(7, 'Lobby', { unpaired_at: '2025-03-02T10:00:00Z' })]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('staff-pin-7'));
    const dialog = await screen.findByTestId('staff-pin-dialog');
    expect(within(dialog).getByTestId('staff-pin-status').textContent).toMatch(
      /No staff PIN yet.*Last unpaired on site/,
    );
    const input = within(dialog).getByTestId('staff-pin-input');
    // Letters never get in; three digits are too few.
    fireEvent.change(input, { target: { value: '12a3' } });
    expect((input as HTMLInputElement).value).toBe('123');
    fireEvent.click(within(dialog).getByTestId('staff-pin-save'));
    expect(await within(dialog).findByText('A staff PIN is 4 to 8 digits')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    const found = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(found.violations.map((v) => v.id)).toEqual([]);
    fireEvent.change(input, { target: { value: '2468' } });
    fireEvent.click(within(dialog).getByTestId('staff-pin-save'));
    await waitFor(() => expect(screen.queryByTestId('staff-pin-dialog')).toBeNull());
    expect(snackbarStore.get().text).toBe('Staff PIN of Lobby saved');
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/admin_settings/devices/staff_pin',
        body: { id: 7, pin: '2468' },
      }),
    ]);

    fireEvent.click(await screen.findByTestId('staff-pin-7'));
    const again = await screen.findByTestId('staff-pin-dialog');
    expect(within(again).getByTestId('staff-pin-status').textContent).toContain('A staff PIN is set.');
    fireEvent.click(within(again).getByTestId('staff-pin-remove'));
    await waitFor(() => expect(screen.queryByTestId('staff-pin-dialog')).toBeNull());
    expect(writes(calls).at(-1)).toMatchObject({ body: { id: 7, pin: null } });
  });

  it('archives a device after the warning: it moves to Archived devices and leaves the selector', async () => {
    authStore.set({ ...LOGGED_OUT, access_token: 't', auth_project_id: 1, selected_device: 7 } as never);
    const { calls } = deviceServer([aDevice(7, 'Lobby'), aDevice(8, 'Gate')]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('archive-device-7'));
    const confirm = await screen.findByTestId('confirm-key-dialog');
    expect(within(confirm).getByText('Archive Lobby?')).toBeTruthy();
    expect(within(confirm).getByText(/you can restore it at any time/)).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('confirm-key-submit'));
    expect(await screen.findByTestId('archived-row-7')).toBeTruthy();
    expect(screen.queryByTestId('device-row-7')).toBeNull();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/admin_settings/devices/archive', body: { id: 7 } }),
    ]);
    expect(snackbarStore.get().text).toBe('Lobby archived');
    // The shell's selector no longer offers it; the selection moves to a device in use.
    await waitFor(() => expect(authStore.get().device_list?.map((d) => d.id)).toEqual([8]));
    expect(authStore.get().selected_device).toBe(8);
  });

  it('restores an archived device', async () => {
    const { calls } = deviceServer([
      aDevice(7, 'Lobby', { archived_at: '2025-04-01T09:00:00Z', key_prefix: null }),
    ]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('restore-device-7'));
    const confirm = await screen.findByTestId('confirm-key-dialog');
    expect(within(confirm).getByText('Restore Lobby?')).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('confirm-key-submit'));
    expect(await screen.findByTestId('device-row-7')).toBeTruthy();
    expect(screen.queryByTestId('archived-devices')).toBeNull();
    expect(writes(calls).map((c) => c.path)).toEqual(['/admin_settings/devices/restore']);
  });

  it('deletes an archived device only once its name is typed, and says what went', async () => {
    const { calls, devices } = deviceServer([
      aDevice(7, 'Lobby kiosk', { archived_at: '2025-04-01T09:00:00Z', key_prefix: null }),
    ]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('delete-device-7'));
    const dialog = await screen.findByTestId('delete-device-dialog');
    expect(within(dialog).getByText('Delete Lobby kiosk permanently?')).toBeTruthy();
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();
    expect(within(dialog).getByText(/visitor conversations, chats, calls/)).toBeTruthy();
    const submit = within(dialog).getByTestId('delete-device-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('delete-device-name'), { target: { value: 'Lobby' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('delete-device-name'), { target: { value: 'Lobby kiosk' } });
    expect(submit.disabled).toBe(false);
    // A double click deletes once.
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByTestId('delete-device-dialog')).toBeNull());
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/admin_settings/devices',
        body: { id: 7, confirm_name: 'Lobby kiosk' },
      }),
    ]);
    expect(devices).toEqual([]);
    expect(snackbarStore.get().text).toBe(
      'Lobby kiosk deleted: 12 topics, 340 conversations, 2 chats, 1 calls and 0 messages removed',
    );
  });

  it('asks for a name and a language before saving an edit, then saves the change', async () => {
    const { calls } = deviceServer([aDevice(7, 'Lobby')]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    fireEvent.click(await screen.findByTestId('edit-device-7'));
    const dialog = await screen.findByTestId('device-dialog');
    const name = within(dialog).getByTestId('device-name');
    expect((name as HTMLInputElement).value).toBe('Lobby');
    fireEvent.change(name, { target: { value: '   ' } });
    const languages = await openSelect('device-languages');
    fireEvent.click(within(languages).getByTestId('device-language-option-english'));
    fireEvent.click(within(languages).getByTestId('device-language-option-cantonese'));
    fireEvent.keyDown(languages, { key: 'Escape' });
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));

    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one language')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    fireEvent.change(name, { target: { value: 'Main lobby' } });
    const again = await openSelect('device-languages');
    fireEvent.click(within(again).getByTestId('device-language-option-mandarin'));
    fireEvent.click(within(again).getByTestId('device-language-option-english'));
    fireEvent.keyDown(again, { key: 'Escape' });
    // The first chosen is the default.
    expect(within(dialog).getByTestId('device-default-language').textContent).toBe('Mandarin');
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId('device-dialog')).toBeNull());
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/admin_settings/devices',
        body: { id: 7, description: 'Main lobby', languages: ['mandarin', 'english'] },
      }),
    ]);
    expect(await within(row(7)).findByText('Main lobby')).toBeTruthy();
    await waitFor(() => expect(authStore.get().device_list[0]?.description).toBe('Main lobby'));
  });

  it('shows the server error and keeps the dialog open with what was typed', async () => {
    deviceServer([aDevice(7, 'Lobby')], (call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              success: false,
              message: 'A device named Lobby already exists.',
              error: 'device_name_taken',
            },
          }
        : undefined,
    );
    renderWithApp(<DevicesPage />, '/setting/devices');
    await screen.findByTestId('device-row-7');
    fireEvent.click(screen.getByTestId('add-device'));
    fireEvent.change(await screen.findByTestId('device-name'), { target: { value: 'Lobby' } });
    fireEvent.click(screen.getByTestId('dialog-submit'));

    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe('A device named Lobby already exists.');
    expect(screen.getByTestId('device-dialog')).toBeTruthy();
    expect((screen.getByTestId('device-name') as HTMLInputElement).value).toBe('Lobby');
    expect((screen.getByTestId('dialog-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('device-key-dialog')).toBeNull();
  });

  it('speaks Traditional Chinese', async () => {
    await changeUiLanguage('zhHant');
    deviceServer([aDevice(2, '網上聊天', { kind: 'chatbot', key_prefix: null, key_created_at: null })]);
    renderWithApp(<DevicesPage />, '/setting/devices');
    const chat = await screen.findByTestId('device-row-2');
    expect(within(chat).getByText('沒有密鑰')).toBeTruthy();
    expect(within(chat).getByText('聊天機械人')).toBeTruthy();
    expect(within(chat).getByText('粵語')).toBeTruthy();
    expect(within(chat).getByText('從未連線')).toBeTruthy();
    expect(screen.getByTestId('add-device').textContent).toBe('新增裝置');
  });
});
