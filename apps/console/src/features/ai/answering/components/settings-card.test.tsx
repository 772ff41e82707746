import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '@/i18n/i18n';
import { ApiError } from '@/shared/api/api-error';
import { authStore, LOGGED_OUT } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { SettingsCard } from './settings-card';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('@/shared/api/client', () => ({ api }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  api.get.mockReset();
  api.put.mockReset();
  api.get.mockResolvedValue({
    data: { is_enabled_related_intents: false, answer_confidence: null, default_answer_confidence: 0.5 },
    message: '',
    total: undefined,
  });
  authStore.set({
    ...LOGGED_OUT,
    status: 'logged_in',
    access_token: 'token',
    device_list: [{ id: 5, description: 'Kiosk', kind: 'ambassador' }],
    selected_device: 5,
  });
});

afterEach(() => {
  cleanup();
  authStore.clear();
});

const toggle = () => screen.getByTestId<HTMLInputElement>('ai-related-toggle');

describe('SettingsCard related intents switch', () => {
  it('stays off and shows the error when turning it on fails', async () => {
    let reject: (error: unknown) => void = () => undefined;
    api.put.mockReturnValue(new Promise((_resolve, r) => (reject = r)));
    render(<SettingsCard />, { wrapper });
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);

    fireEvent.click(toggle());
    // It does not flip before the server says so, and cannot be pressed twice meanwhile.
    expect(toggle().checked).toBe(false);
    await waitFor(() => expect(toggle().disabled).toBe(true));
    expect(api.put).toHaveBeenCalledWith('/ai_config/related_intents/on_off', {
      device_id: 5,
      is_enabled_related_intents: true,
    });

    reject(new ApiError(500, 'Server unavailable'));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe('Server unavailable');
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);
  });

  it('flips after a successful update', async () => {
    api.put.mockResolvedValue({
      data: { is_enabled_related_intents: true, answer_confidence: null, default_answer_confidence: 0.5 },
      message: '',
      total: undefined,
    });
    render(<SettingsCard />, { wrapper });
    await waitFor(() => expect(toggle().disabled).toBe(false));
    api.get.mockResolvedValue({
      data: { is_enabled_related_intents: true, answer_confidence: null, default_answer_confidence: 0.5 },
      message: '',
      total: undefined,
    });
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(snackbarStore.get().text).toBe('Related intents turned on');
  });
});
