import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LocationCategory, LocationCategoryNode } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { LocationCategoryBrowser } from './location-category-browser';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const layer = (id: number, name: string, parent: number | null, count = 0): LocationCategory => ({
  category_id: id,
  category_name: name,
  parent_id: parent,
  has_child: false,
  location_count: count,
});

describe('LocationCategoryBrowser', () => {
  it('opens a layer in the next column with its locations, adds a sub-layer and deletes one with the delete dialog wording', async () => {
    let layers = [{ ...layer(1, 'Clinics', null), has_child: true }, layer(2, 'Pharmacy', 1, 1)];
    const calls = fakeServer((call) => {
      if (call.path === '/location_map/categories/tree') {
        const node = (c: LocationCategory): LocationCategoryNode => ({
          ...c,
          children: layers.filter((l) => l.parent_id === c.category_id).map(node),
        });
        return { body: layers.filter((l) => l.parent_id === null).map(node) };
      }
      if (call.method === 'GET' && call.path === '/location_map/categories/column') {
        const parent = call.query.get('category_id');
        return {
          body: {
            categories: layers.filter((l) => String(l.parent_id ?? '') === (parent ?? '')),
            locations: parent === '2' ? [{ id: 5, name: 'Main pharmacy', is_active: true }] : [],
          },
        };
      }
      if (call.method === 'POST' && call.path === '/location_map/categories') {
        layers = [...layers, layer(3, 'X-ray', 1)];
        return { body: layers[2] };
      }
      if (call.method === 'DELETE' && call.path === '/location_map/categories/2') {
        layers = layers.filter((l) => l.category_id !== 2);
        return { body: { categories: 1, locations: 1 } };
      }
      return undefined;
    });
    renderWithApp(<LocationCategoryBrowser />, '/ai/location/categories');

    fireEvent.click(await screen.findByTestId('loc-cat-category-1'));
    const second = await screen.findByTestId('loc-cat-column-1');
    fireEvent.click(await within(second).findByTestId('loc-cat-category-2'));
    expect(
      await within(await screen.findByTestId('loc-cat-column-2')).findByText('Main pharmacy'),
    ).toBeTruthy();
    expect(within(second).getByText('1 location')).toBeTruthy();

    // Add a layer under Clinics from its column's header.
    fireEvent.click(within(second).getByTestId('loc-cat-add-category-1'));
    const nameDialog = await screen.findByTestId('category-name-dialog');
    expect(within(nameDialog).getByText('A sub-category of Clinics.')).toBeTruthy();
    fireEvent.change(within(nameDialog).getByRole('textbox'), { target: { value: ' X-ray ' } });
    fireEvent.click(within(nameDialog).getByTestId('category-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        device_id: 7,
        category: 'X-ray',
        parent_id: 1,
      }),
    );
    expect(await within(second).findByTestId('loc-cat-category-3')).toBeTruthy();

    // Delete Pharmacy: titled with its name, and its column closes.
    fireEvent.click(within(second).getByTestId('loc-cat-category-menu-2'));
    fireEvent.click(await screen.findByTestId('loc-cat-menu-delete'));
    const confirm = await screen.findByTestId('delete-dialog');
    expect(within(confirm).getByText('Delete Pharmacy')).toBeTruthy();
    expect(within(confirm).getByText('The record will be permanently deleted.')).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('loc-cat-column-2')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.query.get('device_id')).toBe('7');
  });
});
