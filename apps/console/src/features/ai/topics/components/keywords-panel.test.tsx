import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer } from '@/shared/test/fake-server';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { renderWithApp } from '@/shared/test/render-with-app';
import { aTopic } from '../test/fixtures';
import { KeywordsPanel } from './keywords-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('KeywordsPanel', () => {
  it('keeps the next keyword typed while the previous one is being saved', async () => {
    let release: () => void = () => undefined;
    const saved = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeServer(async (call) => {
      if (call.method === 'POST' && call.path === '/ai_config/intents/keywords') {
        await saved;
        return {
          body: {
            id: 1,
            intent_id: 4,
            language: 'english',
            text: 'parking',
            kind: 'keyword',
            conflicts: [],
            created_at: '2025-01-01T00:00:00Z',
          },
        };
      }
      if (call.path === '/ai_config/intents/keywords/check')
        return { body: { duplicate: false, conflicts: [], closer_to: null } };
      return { body: [] };
    });
    renderWithApp(
      <KeywordsPanel topic={aTopic(4, 'Parking')} language="english" keywords={[]} loading={false} />,
      '/ai/keyword',
    );
    const input = screen.getByTestId('keyword-input') as HTMLInputElement;

    fireEvent.change(input, { target: { value: 'parking' } });
    fireEvent.click(screen.getByTestId('keyword-add'));
    // The operator goes on typing before the server has answered.
    fireEvent.change(input, { target: { value: 'car park' } });
    await act(async () => {
      release();
      await saved;
    });
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    // Once the save is through (it says so), the keyword typed meanwhile is still there.
    await waitFor(() => expect(snackbarStore.get()).toMatchObject({ open: true, status: 'success' }));
    expect(input.value).toBe('car park');
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { text: string }).text)).toEqual([
      'parking',
    ]);
  });

  it('empties the field once the keyword is saved', async () => {
    fakeServer((call) =>
      call.method === 'POST'
        ? {
            body: {
              id: 2,
              intent_id: 4,
              language: 'english',
              text: 'car park',
              kind: 'keyword',
              conflicts: [],
              created_at: '2025-01-01T00:00:00Z',
            },
          }
        : { body: call.path.endsWith('/check') ? { duplicate: false, conflicts: [], closer_to: null } : [] },
    );
    renderWithApp(
      <KeywordsPanel topic={aTopic(4, 'Parking')} language="english" keywords={[]} loading={false} />,
      '/ai/keyword',
    );
    const input = screen.getByTestId('keyword-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'car park' } });
    fireEvent.click(screen.getByTestId('keyword-add'));
    await vi.waitFor(() => expect(input.value).toBe(''));
  });

  it('warns, naming the other topic, when the phrase means more nearly what another topic is taught', async () => {
    const checked: string[] = [];
    fakeServer((call) => {
      if (call.path !== '/ai_config/intents/keywords/check') return { body: [] };
      const text = call.query.get('text') ?? '';
      checked.push(text);
      return {
        body: {
          duplicate: false,
          conflicts: [],
          closer_to: text.includes('nurse')
            ? { intent_id: 9, intent_name: 'First aid', similarity: 0.93 }
            : null,
        },
      };
    });
    renderWithApp(
      <KeywordsPanel topic={aTopic(4, 'Parking')} language="english" keywords={[]} loading={false} />,
      '/ai/keyword',
    );
    const input = screen.getByTestId('keyword-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'where is the car park' } });
    await vi.waitFor(() => expect(checked).toContain('where is the car park'));
    expect(screen.queryByTestId('keyword-overlap')).toBeNull();
    fireEvent.change(input, { target: { value: 'I need a nurse' } });
    const warning = await screen.findByTestId('keyword-overlap');
    expect(warning.textContent).toMatch(/First aid/);
    expect(warning.querySelector('a')?.getAttribute('href')).toMatch(/9/);
  });
});
