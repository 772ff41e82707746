import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Category } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { topicsHeld } from '../components/category-tree';
import { ColumnBrowser } from '../components/column-browser';
import { CategoryManagerDialog } from './category-manager-dialog';

const categories: Category[] = [
  { category_id: 1, category_name: 'Facilities', parent_id: null, has_child: true, topic_count: 0 },
  { category_id: 2, category_name: 'Toilets', parent_id: 1, has_child: true, topic_count: 1 },
  { category_id: 3, category_name: 'Accessible', parent_id: 2, has_child: false, topic_count: 2 },
  { category_id: 4, category_name: 'Old', parent_id: null, has_child: false, topic_count: 0 },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('deleting a category that still holds topics', () => {
  it('counts the topics under a category and every category below it', () => {
    expect(topicsHeld(categories, 1)).toBe(3);
    expect(topicsHeld(categories, 2)).toBe(3);
    expect(topicsHeld(categories, 3)).toBe(2);
    expect(topicsHeld(categories, 4)).toBe(0);
  });

  it('is not offered, and says why; an empty category can be deleted', async () => {
    const calls = fakeServer((call) =>
      call.path === '/ai_config/intents/category' && call.method === 'GET' ? { body: categories } : undefined,
    );
    renderWithApp(<CategoryManagerDialog open onClose={() => {}} />, '/ai/keyword');
    const facilities = await screen.findByTestId('category-delete-1');
    expect((facilities as HTMLButtonElement).disabled).toBe(true);
    // Its topics are two levels down: the reason counts them all.
    // Facilities and Toilets hold the same three.
    expect(
      screen.getAllByLabelText(
        'Holds 3 question topics here or in its sub-categories: move or delete them first.',
      ),
    ).toHaveLength(2);
    expect(
      screen.getByLabelText(
        'Holds 2 question topics here or in its sub-categories: move or delete them first.',
      ),
    ).toBeTruthy();

    const old = screen.getByTestId('category-delete-4') as HTMLButtonElement;
    expect(old.disabled).toBe(false);
    fireEvent.click(old);
    expect(await screen.findByTestId('delete-dialog')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('is not offered in the column browser either: its menu says why', async () => {
    fakeServer((call) => {
      if (call.path === '/ai_config/intents/category') return { body: categories };
      if (call.path === '/ai_config/intents/column_finder') {
        const parent = call.query.get('category_id');
        return {
          body: {
            categories: categories.filter((c) => String(c.parent_id ?? '') === (parent ?? '')),
            intents: [],
          },
        };
      }
      return undefined;
    });
    renderWithApp(<ColumnBrowser />, '/ai/keyword');
    fireEvent.click(await screen.findByTestId('finder-category-menu-1'));
    const refused = await screen.findByTestId('finder-menu-delete');
    expect(refused.getAttribute('aria-disabled')).toBe('true');
    expect(refused.textContent).toContain(
      'Holds 3 question topics here or in its sub-categories: move or delete them first.',
    );
    fireEvent.keyDown(refused, { key: 'Escape' });

    fireEvent.click(await screen.findByTestId('finder-category-menu-4'));
    const offered = await screen.findByTestId('finder-menu-delete');
    await within(offered).findByText('Delete');
    expect(offered.getAttribute('aria-disabled')).toBeNull();
  });
});
