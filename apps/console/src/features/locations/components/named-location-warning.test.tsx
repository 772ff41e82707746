import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { Keyword } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { NamedLocationWarning } from './named-location-warning';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

const keyword = (id: number, text: string): Keyword =>
  ({ id, intent_id: 1, language: 'english', text, kind: 'phrase', conflicts: [] }) as unknown as Keyword;

describe('NamedLocationWarning', () => {
  it('lists the phrases a place takes over, with the place, and nothing when none does', async () => {
    const calls = fakeServer((call) =>
      call.path === '/location_map/named'
        ? {
            body: (call.body as { texts: string[] }).texts.map((text) => ({
              text,
              location: text.includes('food hall') ? { id: 4, name: 'Food Court' } : null,
            })),
          }
        : undefined,
    );
    renderWithApp(
      <NamedLocationWarning keywords={[keyword(1, 'where is the food hall'), keyword(2, 'hungry')]} />,
      '/ai/keyword/1',
    );
    const warning = await screen.findByTestId('topic-named-location');
    expect(warning.textContent).toContain('get a location with its map, not this topic');
    expect(warning.textContent).toContain('“where is the food hall” → Food Court');
    expect(warning.textContent).not.toContain('hungry');
    expect(calls.find((c) => c.path === '/location_map/named')!.body).toMatchObject({
      texts: ['where is the food hall', 'hungry'],
    });

    await changeUiLanguage('zhHant');
    expect((await screen.findByTestId('topic-named-location')).textContent).toContain(
      '「where is the food hall」→ Food Court',
    );
  });

  it('says nothing when no phrase names a place', async () => {
    const calls = fakeServer((call) =>
      call.path === '/location_map/named'
        ? { body: (call.body as { texts: string[] }).texts.map((text) => ({ text, location: null })) }
        : undefined,
    );
    const { client } = renderWithApp(
      <NamedLocationWarning keywords={[keyword(2, 'hungry')]} />,
      '/ai/keyword/1',
    );
    // Once the server's answer is in, it shows nothing.
    await waitFor(() => {
      expect(calls.some((c) => c.path === '/location_map/named')).toBe(true);
      expect(client.isFetching()).toBe(0);
    });
    expect(screen.queryByTestId('topic-named-location')).toBeNull();
  });
});
