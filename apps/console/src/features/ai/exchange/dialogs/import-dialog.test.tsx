import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ImportReport } from '@ambassador/contracts';
import type { ReactNode } from 'react';
import '@/i18n/i18n';
import { authStore, LOGGED_OUT } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { ImportDialog } from './import-dialog';

const upload = vi.hoisted(() => vi.fn());
vi.mock('@/shared/api/client', () => ({ api: { upload } }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const empty: ImportReport = {
  applied: false,
  categories_created: [],
  topics_created: [],
  topics_changed: [],
  keywords: 0,
  responses: 0,
  errors: [],
};

function pickFile() {
  const file = new File(['xlsx'], 'topics.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
  return file;
}

beforeEach(() => {
  upload.mockReset();
  authStore.set({
    ...LOGGED_OUT,
    status: 'logged_in',
    access_token: 'token',
    device_list: [{ id: 7, description: 'Kiosk', kind: 'ambassador' }],
    selected_device: 7,
  });
});

afterEach(() => {
  cleanup();
  authStore.clear();
});

describe('ImportDialog', () => {
  it('lists the problems of a wrong file and does not allow applying it', async () => {
    upload.mockResolvedValue({
      data: {
        ...empty,
        errors: [
          { sheet: 'Topics', row: 4, column: 'Category', message: 'Please select a category' },
          { sheet: 'Keywords', row: 9, column: 'Topic', message: 'Unknown topic "Parking"' },
        ],
      },
      message: '',
      total: undefined,
    });
    render(<ImportDialog open onClose={() => undefined} />, { wrapper });
    expect(screen.getByTestId<HTMLButtonElement>('import-apply').disabled).toBe(true);

    pickFile();
    const errors = await screen.findByTestId('import-errors');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0]).toBe('/ai_config/intents/import');
    expect(upload.mock.calls[0]?.[2]).toEqual({ device_id: 7, mode: 'preview' });
    const rows = within(errors).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toBe('Topics4CategoryPlease select a category');
    expect(
      within(errors).getByText(
        'The file has 2 problems. Fix them and choose the file again; nothing is imported.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('import-preview')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('import-apply').disabled).toBe(true);
  });

  it('previews a valid file, then applies the same file', async () => {
    upload.mockResolvedValueOnce({
      data: {
        ...empty,
        topics_created: ['Parking'],
        categories_created: ['Visit'],
        keywords: 3,
        responses: 2,
      },
      message: '',
      total: undefined,
    });
    const onClose = vi.fn();
    render(<ImportDialog open onClose={onClose} />, { wrapper });
    const file = pickFile();
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getByText('Parking')).toBeTruthy();
    expect(within(preview).getByText('Visit')).toBeTruthy();
    const apply = screen.getByTestId<HTMLButtonElement>('import-apply');
    await waitFor(() => expect(apply.disabled).toBe(false));

    upload.mockResolvedValueOnce({
      data: {
        ...empty,
        applied: true,
        matcher: { device_id: 7, state: 'training', since: '2026-11-24T10:00:00.000Z', topics: 3 },
      },
      message: '',
      total: undefined,
    });
    fireEvent.click(apply);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The assistant keeps answering as before while it learns the new topics: the message says so.
    await waitFor(() =>
      expect(snackbarStore.get().text).toBe(
        'Topics imported. The assistant is learning them; it answers as before until it has.',
      ),
    );
    expect(upload.mock.calls[1]?.[2]).toEqual({ device_id: 7, mode: 'apply' });
    expect((upload.mock.calls[1]?.[1] as FormData).get('file')).toBe(file);
  });
});
