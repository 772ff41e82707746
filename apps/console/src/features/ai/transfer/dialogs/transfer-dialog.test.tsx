import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { changeUiLanguage } from '@/i18n/i18n';
import { authStore, LOGGED_OUT } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { TransferDialog } from './transfer-dialog';

const post = vi.hoisted(() => vi.fn());
vi.mock('@/shared/api/client', () => ({ api: { post } }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  post.mockReset();
  authStore.set({
    ...LOGGED_OUT,
    status: 'logged_in',
    access_token: 'token',
    auth_project_id: 1,
    device_list: [
      { id: 1, description: 'Lobby kiosk', kind: 'ambassador' },
      { id: 2, description: 'Web chatbot', kind: 'chatbot' },
      { id: 3, description: 'Gate kiosk', kind: 'ambassador' },
    ],
    selected_device: 1,
  });
});

afterEach(async () => {
  cleanup();
  authStore.clear();
  await changeUiLanguage('en');
});

function openDestinations() {
  fireEvent.mouseDown(within(screen.getByTestId('transfer-dialog')).getByRole('combobox'));
  return screen.getByRole('listbox');
}

describe('TransferDialog', () => {
  it('shows the source and offers every other device as the destination', () => {
    render(<TransferDialog open sourceId={1} onClose={() => undefined} />, { wrapper });
    expect(screen.getByTestId('transfer-source').textContent).toBe('Lobby kiosk');
    expect(
      screen.getByText('This will replace all the Data and Setting of the destination device.'),
    ).toBeTruthy();
    const options = within(openDestinations()).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Web chatbot', 'Gate kiosk']);
    expect(screen.queryByTestId('transfer-dest-option-1')).toBeNull();
  });

  it("says 'Destination Device is needed' and sends nothing without a destination", async () => {
    const onClose = vi.fn();
    render(<TransferDialog open sourceId={2} onClose={onClose} />, { wrapper });
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    expect(await screen.findByText('Destination Device is needed')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('copies to the chosen device, shows the server message and closes', async () => {
    post.mockResolvedValue({ data: { id: 9 }, message: 'Copied 4 topics to Gate kiosk.', total: undefined });
    const onClose = vi.fn();
    render(<TransferDialog open sourceId={1} onClose={onClose} />, { wrapper });
    fireEvent.click(within(openDestinations()).getByTestId('transfer-dest-option-3'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('transfer-confirm'));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/setup/copy_device', { source_id: 1, dest_id: 3 });
    const snackbar = snackbarStore.get();
    expect(snackbar.status).toBe('success');
    expect(snackbar.text).toContain('Copied 4 topics to Gate kiosk.');
    expect(snackbar.text).toContain('AI Configuration page');
  });

  it('is translated', async () => {
    await changeUiLanguage('zhHant');
    render(<TransferDialog open sourceId={1} onClose={() => undefined} />, { wrapper });
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    expect(await screen.findByText('必須選擇目標裝置')).toBeTruthy();
    expect(screen.getByText('轉移 A.I. 資料')).toBeTruthy();
  });
});
