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
  format: 'xlsx',
  tables: ['topics', 'keywords', 'responses'],
  categories_created: [],
  topics_created: [],
  topics_changed: [],
  keywords: 0,
  keyword_kinds: { keyword: 0, phrase: 0, blank: 0 },
  blank_kind: null,
  responses: 0,
  errors: [],
};

function pickFile(
  file = new File(['xlsx'], 'topics.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
) {
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
  return file;
}
const csvFile = () => new File(['Topic,Language,Kind,Text'], 'keywords.csv', { type: 'text/csv' });

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

  it('accepts workbooks and CSV text', () => {
    render(<ImportDialog open onClose={() => undefined} />, { wrapper });
    const accept = screen.getByTestId<HTMLInputElement>('import-file').accept.split(',');
    expect(accept).toEqual(expect.arrayContaining(['.xlsx', '.csv', '.txt', 'text/csv']));
  });

  it('shows the counts per kind and asks what blank kinds are before it can apply', async () => {
    upload.mockResolvedValueOnce({
      data: {
        ...empty,
        format: 'csv',
        tables: ['keywords'],
        keywords: 15_003,
        keyword_kinds: { keyword: 2, phrase: 1, blank: 15_000 },
      },
      message: '',
      total: undefined,
    });
    const onClose = vi.fn();
    render(<ImportDialog open onClose={onClose} />, { wrapper });
    const file = pickFile(csvFile());
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getByTestId('import-read-as').textContent).toBe(
      'CSV file, read as the Keywords table.',
    );
    expect(within(preview).getByTestId('import-kinds').textContent).toBe(
      'Keyword rows by kind — Keyword: 2 · Trained phrase: 1 · No kind: 15000',
    );
    expect(within(preview).getByTestId('import-counts').textContent).toBe('Keywords in the file: 15003');
    const question = within(preview).getByRole('radiogroup', {
      name: '15000 keyword rows have no kind. What are they?',
    });
    const apply = screen.getByTestId<HTMLButtonElement>('import-apply');
    // No answer is chosen for the operator: Apply waits for one.
    expect(
      within(question)
        .getAllByRole<HTMLInputElement>('radio')
        .some((r) => r.checked),
    ).toBe(false);
    expect(apply.disabled).toBe(true);

    fireEvent.click(within(question).getByRole('radio', { name: 'Trained phrases' }));
    await waitFor(() => expect(apply.disabled).toBe(false));
    upload.mockResolvedValueOnce({
      data: { ...empty, applied: true, blank_kind: 'phrase' },
      message: '',
      total: undefined,
    });
    fireEvent.click(apply);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(upload.mock.calls[1]?.[2]).toEqual({ device_id: 7, mode: 'apply', blank_kind: 'phrase' });
    expect((upload.mock.calls[1]?.[1] as FormData).get('file')).toBe(file);
  });

  it('asks again for the next file, and sends no choice for a file without blank kinds', async () => {
    upload.mockResolvedValueOnce({
      data: { ...empty, keywords: 1, keyword_kinds: { keyword: 0, phrase: 0, blank: 1 } },
      message: '',
      total: undefined,
    });
    render(<ImportDialog open onClose={() => undefined} />, { wrapper });
    pickFile(csvFile());
    const first = await screen.findByRole('radiogroup', { name: '1 keyword row has no kind. What is it?' });
    fireEvent.click(within(first).getByRole('radio', { name: 'Keywords' }));

    upload.mockResolvedValueOnce({
      data: { ...empty, keywords: 2, keyword_kinds: { keyword: 1, phrase: 0, blank: 1 } },
      message: '',
      total: undefined,
    });
    pickFile(csvFile());
    const second = await screen.findByRole('radiogroup');
    await waitFor(() =>
      expect(
        within(second)
          .getAllByRole<HTMLInputElement>('radio')
          .some((r) => r.checked),
      ).toBe(false),
    );
    expect(screen.getByTestId<HTMLButtonElement>('import-apply').disabled).toBe(true);

    upload.mockResolvedValueOnce({
      data: { ...empty, keywords: 2, keyword_kinds: { keyword: 2, phrase: 0, blank: 0 } },
      message: '',
      total: undefined,
    });
    pickFile(csvFile());
    await waitFor(() => expect(screen.queryByRole('radiogroup')).toBeNull());
    const apply = screen.getByTestId<HTMLButtonElement>('import-apply');
    await waitFor(() => expect(apply.disabled).toBe(false));
    upload.mockResolvedValueOnce({ data: { ...empty, applied: true }, message: '', total: undefined });
    fireEvent.click(apply);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(4));
    expect(upload.mock.calls[3]?.[2]).toEqual({ device_id: 7, mode: 'apply' });
  });

  it('says in the interface language why a file was refused', async () => {
    const { ApiError } = await import('@/shared/api/api-error');
    upload.mockRejectedValueOnce(
      new ApiError(415, 'This file is named .csv but is an Excel workbook.', 'import_csv_is_workbook'),
    );
    render(<ImportDialog open onClose={() => undefined} />, { wrapper });
    pickFile(new File(['PK'], 'topics.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText(
        'This file is named .csv but is an Excel workbook. Rename it to .xlsx, or save it from Excel as "CSV UTF-8".',
      ),
    ).toBeTruthy();
  });
});
