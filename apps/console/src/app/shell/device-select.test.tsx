import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';
import { renderWithApp, signedIn } from '@/shared/test/render-with-app';
import { DeviceSelect } from './device-select';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const LOBBY = 'Main Lobby Ambassador';
const LONG = 'North Wing Ambassador by the East Entrance, second floor';
const twoDevices: AuthState = {
  ...signedIn,
  device_list: [
    { id: 7, description: LOBBY, kind: 'ambassador' },
    { id: 8, description: LONG, kind: 'ambassador' },
  ],
  selected_device: 7,
};

describe('DeviceSelect', () => {
  it('names the selected device in full, in the field and in its title', () => {
    renderWithApp(<DeviceSelect />, '/dashboard', { auth: twoDevices });
    const select = screen.getByRole('combobox');
    expect(select.textContent).toBe(LOBBY);
    expect(select.getAttribute('title')).toBe(LOBBY);
  });

  it('lists every device by its full name', async () => {
    renderWithApp(<DeviceSelect />, '/dashboard', { auth: twoDevices });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByTestId('device-option-8').textContent).toBe(LONG);
    expect(within(listbox).getByText(LONG)).toBeTruthy();
  });
});
