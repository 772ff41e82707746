import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { LOGGED_OUT, authStore } from '../../../shared/auth/auth-store';
import { renderWithApp } from '../../ai/lib/test-utils';
import { SettingsPage } from './settings-page';

afterEach(() => {
  cleanup();
  authStore.set(LOGGED_OUT);
});

describe('SettingsPage', () => {
  it('leads to the devices screen', () => {
    renderWithApp(<SettingsPage />, '/setting');
    const link = screen.getByTestId('settings-devices-link');
    expect(link.textContent).toContain('Devices');
    expect(link.textContent).toContain('manage their keys');
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/setting/devices');
  });

  it('still leads to the users screen', () => {
    renderWithApp(<SettingsPage />, '/setting');
    fireEvent.click(screen.getByTestId('settings-users-link'));
    expect(screen.getByTestId('location').textContent).toBe('/setting/users');
  });
});
