import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '@/i18n/i18n';
import { authStore, LOGGED_OUT } from '@/shared/auth/auth-store';
import { AliasDialog } from './alias-dialog';
import { addAliasTo } from './alias-form';

const put = vi.hoisted(() => vi.fn());
vi.mock('@/shared/api/client', () => ({ api: { put } }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const entity = {
  entity_id: 11,
  entity: 'toilet',
  keyword: 'toilet',
  alias_str: 'restroom',
  aliases: ['restroom'],
};

beforeEach(() => {
  put.mockReset();
  authStore.set({
    ...LOGGED_OUT,
    status: 'logged_in',
    access_token: 'token',
    device_list: [{ id: 3, description: 'Kiosk', kind: 'ambassador' }],
    selected_device: 3,
  });
});

afterEach(() => {
  cleanup();
  authStore.clear();
});

describe('addAliasTo', () => {
  it('adds a trimmed alias and refuses commas, blanks, repeats and long ones', () => {
    expect(addAliasTo(['wc'], '  loo ')).toEqual({ ok: true, aliases: ['wc', 'loo'] });
    expect(addAliasTo([], 'loo, wc')).toEqual({ ok: false, reason: 'comma' });
    expect(addAliasTo([], '   ')).toEqual({ ok: false, reason: 'empty' });
    expect(addAliasTo(['Loo'], 'loo')).toEqual({ ok: false, reason: 'duplicate' });
    expect(addAliasTo([], 'x'.repeat(81))).toEqual({ ok: false, reason: 'too_long' });
  });
});

describe('AliasDialog', () => {
  it('rejects an alias with a comma, says why, and does not save it', async () => {
    const onClose = vi.fn();
    render(<AliasDialog open entity={entity} onClose={onClose} />, { wrapper });
    const input = screen.getByTestId('alias-input').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'washroom, wc' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('An alias cannot contain a comma. Add each alias on its own.')).toBeTruthy();
    expect(screen.queryByTestId('alias-chip-washroom, wc')).toBeNull();

    fireEvent.click(screen.getByTestId('dialog-submit'));
    expect(put).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds with Enter, removes with the chip, and saves the list', async () => {
    put.mockResolvedValue({ data: entity, message: '', total: undefined });
    const onClose = vi.fn();
    render(<AliasDialog open entity={entity} onClose={onClose} />, { wrapper });
    const input = screen.getByTestId('alias-input').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'washroom' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'wc' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('alias-chip-washroom')).toBeTruthy();
    // MUI's chip delete icon removes the chip.
    const restroom = screen.getByTestId('alias-chip-restroom');
    fireEvent.click(restroom.querySelector('.MuiChip-deleteIcon') as Element);
    expect(screen.queryByTestId('alias-chip-restroom')).toBeNull();

    fireEvent.click(screen.getByTestId('dialog-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/ai_config/entities', {
      device_id: 3,
      entity_id: 11,
      aliases: ['washroom', 'wc'],
    });
  });
});
