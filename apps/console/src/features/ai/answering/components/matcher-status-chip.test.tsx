import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '@/i18n/i18n';
import i18n from '@/i18n/i18n';
import { authStore, LOGGED_OUT } from '@/shared/auth/auth-store';
import type { EmbedderStatus } from '@ambassador/contracts';
import { MatcherStatusChip } from './matcher-status-chip';
import { UnderstandingChip } from './understanding-chip';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@/shared/api/client', () => ({ api }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const status = (state: 'training' | 'ready', embedding: { done: number; total: number } | null = null) => ({
  data: {
    device_id: 5,
    state,
    since: '2026-11-24T10:00:00.000Z',
    topics: 170,
    dense: false,
    understanding: { provider: 'none', model: null, state: 'off', detail: null },
    embedding,
  },
  message: '',
  total: undefined,
});

const understood = (understanding: EmbedderStatus) => ({
  data: {
    device_id: 5,
    understanding,
    dense: understanding.state === 'ready',
    state: 'ready',
    since: '2026-12-01T10:00:00.000Z',
    topics: 12,
  },
  message: '',
  total: undefined,
});
const local = { provider: 'local', model: 'multilingual-e5-small-q4', state: 'ready', detail: null } as const;

beforeEach(() => {
  api.get.mockReset();
  authStore.set({
    ...LOGGED_OUT,
    status: 'logged_in',
    access_token: 'token',
    device_list: [{ id: 5, description: 'Kiosk', kind: 'ambassador' }],
    selected_device: 5,
  });
});

afterEach(async () => {
  cleanup();
  authStore.clear();
  await i18n.changeLanguage('en');
});

describe('MatcherStatusChip', () => {
  it('says Training… while the matcher learns, asks again, then says Ready', async () => {
    api.get.mockResolvedValueOnce(status('training')).mockResolvedValue(status('ready'));
    render(<MatcherStatusChip />, { wrapper });
    const region = await screen.findByRole('status');
    await waitFor(() => expect(region.textContent).toBe('Training…'));
    expect(api.get).toHaveBeenCalledWith('/ai_config/matcher_status', { device_id: 5 }, expect.anything());
    await waitFor(() => expect(region.textContent).toBe('Ready'), { timeout: 3_000 });
    expect(region.getAttribute('data-state')).toBe('ready');
  });

  it('says how far the phrases’ meanings have been learnt while it answers by words, then Ready', async () => {
    api.get
      .mockResolvedValueOnce(status('ready', { done: 2_500, total: 10_000 }))
      .mockResolvedValue(status('ready'));
    render(<MatcherStatusChip />, { wrapper });
    const region = await screen.findByRole('status');
    await waitFor(() => expect(region.textContent).toBe('Learning meanings… 25%'));
    expect(region.getAttribute('data-state')).toBe('embedding');
    expect(region.querySelector('[title]')!.getAttribute('title')).toContain('2,500 of 10,000');
    // Asked again while it embeds, until there is nothing left to learn.
    await waitFor(() => expect(region.textContent).toBe('Ready'), { timeout: 3_000 });
  });

  it('speaks the interface language', async () => {
    api.get.mockResolvedValue(status('training'));
    await i18n.changeLanguage('zhHant');
    render(<MatcherStatusChip />, { wrapper });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('學習中…'));
  });
});

describe('UnderstandingChip', () => {
  it('says the assistant understands meaning, naming the model', async () => {
    api.get.mockResolvedValue(understood(local));
    render(<UnderstandingChip />, { wrapper });
    const chip = await screen.findByTestId('understanding');
    expect(chip.textContent).toBe('Understands meaning');
    expect(chip.getAttribute('title')).toContain('multilingual-e5-small-q4');
  });

  it('says words only, and why, when the model is down or off', async () => {
    api.get.mockResolvedValue(
      understood({ provider: 'none', model: null, state: 'off', detail: 'EMBEDDINGS=none' }),
    );
    render(<UnderstandingChip />, { wrapper });
    const chip = await screen.findByTestId('understanding');
    expect(chip.textContent).toBe('Words only');
    expect(chip.getAttribute('title')).toContain('EMBEDDINGS=none');
  });

  it('speaks the interface language', async () => {
    api.get.mockResolvedValue(understood({ ...local, state: 'starting' }));
    await i18n.changeLanguage('zhHans');
    render(<UnderstandingChip />, { wrapper });
    await waitFor(() => expect(screen.getByTestId('understanding').textContent).toBe('句子模型启动中…'));
  });
});
