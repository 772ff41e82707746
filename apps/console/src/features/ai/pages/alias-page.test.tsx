import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { KeywordAliases } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { AliasPage } from './alias-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const row = (keyword: string, aliases: string[], entity_id: number | null = null): KeywordAliases => ({
  entity_id,
  entity: keyword,
  keyword,
  alias_str: aliases.join(','),
  aliases,
});

describe('AliasPage', () => {
  it('lists every keyword, with or without aliases, and adds an alias in place', async () => {
    let rows = [row('car park', []), row('toilet', ['restroom'], 11)];
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/ai_config/entities')
        return { body: rows, total: rows.length };
      if (call.method === 'POST' && call.path === '/ai_config/alias_finder') {
        const added = row('car park', ['parking lot'], 12);
        rows = [added, rows[1]!];
        return { body: added };
      }
      return undefined;
    });
    renderWithApp(<AliasPage />, '/ai/alias');

    const carPark = await screen.findByTestId('alias-row-car park');
    expect(within(carPark).getByText('No aliases')).toBeTruthy();
    expect(within(screen.getByTestId('alias-row-toilet')).getByText('restroom')).toBeTruthy();
    expect(calls[0]!.query.get('device_id')).toBe('7');
    // Nothing to edit or delete before the keyword has an alias.
    expect((screen.getByTestId('alias-edit-car park') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('alias-delete-car park') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('alias-edit-toilet') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByTestId('alias-add-car park'));
    const input = within(screen.getByTestId('alias-add-input-car park')).getByRole('textbox');
    fireEvent.change(input, { target: { value: ' parking lot ' } });
    fireEvent.click(screen.getByTestId('alias-add-submit-car park'));

    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { device_id: 7, keyword: 'car park', alias: 'parking lot' },
      ]),
    );
    // The list is asked again and shows the new alias on the row.
    expect(await within(screen.getByTestId('alias-row-car park')).findByText('parking lot')).toBeTruthy();
    await vi.waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect((screen.getByTestId('alias-edit-car park') as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses an alias already on the row without asking the server', async () => {
    const calls = fakeServer((call) =>
      call.method === 'GET' ? { body: [row('toilet', ['restroom'], 11)], total: 1 } : undefined,
    );
    renderWithApp(<AliasPage />, '/ai/alias');
    fireEvent.click(await screen.findByTestId('alias-add-toilet'));
    const input = within(screen.getByTestId('alias-add-input-toilet')).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Restroom' } });
    fireEvent.click(screen.getByTestId('alias-add-submit-toilet'));
    expect(await screen.findByText('This alias is already in the list.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Escape closes the field.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('alias-add-input-toilet')).toBeNull();
  });

  it('deletes a keyword’s aliases after the confirmation', async () => {
    const calls = fakeServer((call) => {
      if (call.method === 'GET') return { body: [row('toilet', ['restroom'], 11)], total: 1 };
      if (call.method === 'DELETE') return { body: null };
      return undefined;
    });
    renderWithApp(<AliasPage />, '/ai/alias');
    fireEvent.click(await screen.findByTestId('alias-delete-toilet'));
    fireEvent.click(
      within(await screen.findByTestId('delete-dialog')).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ device_id: 7, entity_id: 11 }),
    );
  });
});
