import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { SettingsPage } from './settings-page';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

/** GET / PUT /admin_settings/retention over a stored value. */
function retentionServer(initial: number | null) {
  let days = initial;
  return fakeServer((call: FakeCall) => {
    if (call.path !== '/admin_settings/retention') return undefined;
    if (call.method === 'PUT')
      days = (call.body as { conversation_retention_days: number | null }).conversation_retention_days;
    return { body: { conversation_retention_days: days } };
  });
}

describe('SettingsPage', () => {
  it('leads to the devices screen', () => {
    retentionServer(null);
    renderWithApp(<SettingsPage />, '/setting');
    const link = screen.getByTestId('settings-devices-link');
    expect(link.textContent).toContain('Devices');
    expect(link.textContent).toContain('manage their keys');
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/setting/devices');
  });

  it('still leads to the users screen', () => {
    retentionServer(null);
    renderWithApp(<SettingsPage />, '/setting');
    fireEvent.click(screen.getByTestId('settings-users-link'));
    expect(screen.getByTestId('location').textContent).toBe('/setting/users');
  });

  it('keeps conversations for ever by default; a shorter period warns before it is saved', async () => {
    const calls = retentionServer(null);
    renderWithApp(<SettingsPage />, '/setting');
    const card = await screen.findByTestId('retention-card');
    await waitFor(() =>
      expect(within(card).getByTestId('retention-select').textContent).toContain('For ever'),
    );
    const save = within(card).getByTestId('retention-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.mouseDown(within(card).getByRole('combobox'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByTestId('retention-option-90'));
    expect(within(card).getByTestId('retention-warning').textContent).toBe(
      'Conversations older than 90 days will be deleted within a day, and cannot be recovered.',
    );
    fireEvent.click(save);
    await waitFor(() => expect(snackbarStore.get().text).toBe('Retention saved'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ body: { conversation_retention_days: 90 } }),
    ]);
    expect(within(card).queryByTestId('retention-warning')).toBeNull();
    expect(save.disabled).toBe(true);
  });

  it('shows a period set elsewhere, and goes back to for ever', async () => {
    const calls = retentionServer(45);
    renderWithApp(<SettingsPage />, '/setting');
    const card = await screen.findByTestId('retention-card');
    await waitFor(() =>
      expect(within(card).getByTestId('retention-select').textContent).toContain('45 days'),
    );
    fireEvent.mouseDown(within(card).getByRole('combobox'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByTestId('retention-option-0'));
    fireEvent.click(within(card).getByTestId('retention-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ conversation_retention_days: null });
  });

  it('reads in Simplified Chinese', async () => {
    retentionServer(30);
    await changeUiLanguage('zhHans');
    renderWithApp(<SettingsPage />, '/setting');
    const card = await screen.findByTestId('retention-card');
    expect(within(card).getByText('数据保留')).toBeTruthy();
    await waitFor(() => expect(within(card).getByTestId('retention-select').textContent).toContain('30 天'));
  });
});
