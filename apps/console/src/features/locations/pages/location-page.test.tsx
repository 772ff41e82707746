import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Location, LocationCategoryNode, LocationMap } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { LocationsPage, MapsPage } from './location-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const plan: LocationMap = {
  id: 3,
  name: 'Ground floor',
  floor_order: 0,
  media_id: 9,
  url: '/media/plan.png',
  web_url: null,
  thumb_url: null,
  width: 1000,
  height: 500,
  location_count: 1,
  created_at: '2026-11-28T00:00:00Z',
};

const tree: LocationCategoryNode[] = [
  {
    category_id: 1,
    category_name: 'Clinics',
    parent_id: null,
    location_count: 0,
    children: [{ category_id: 2, category_name: 'Pharmacy', parent_id: 1, location_count: 1, children: [] }],
  },
];

const location = (id: number, name: string, extra: Partial<Location> = {}): Location => ({
  id,
  name,
  categories: [],
  selected_details: ['cantonese', 'english', 'mandarin'],
  map_id: null,
  map_name: null,
  poi: null,
  image: '',
  is_active: true,
  details: {},
  aliases: [],
  created_at: '2026-11-28T00:00:00Z',
  updated_at: '2026-11-28T00:00:00Z',
  ...extra,
});

const many = Array.from({ length: 23 }, (_, i) => location(i + 1, `Room ${String(i + 1).padStart(2, '0')}`));
many[0] = location(1, 'Pharmacy', {
  categories: [{ category_id: 2, category_name: 'Pharmacy' }],
  map_id: 3,
  map_name: 'Ground floor',
  poi: { x: 0.2, y: 0.4 },
});

function serve(
  onCall: (call: FakeCall) => ReturnType<Parameters<typeof fakeServer>[0]> | undefined = () => undefined,
) {
  return fakeServer((call) => {
    const own = onCall(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === '/location_map/locations') {
      const limit = Number(call.query.get('limit'));
      const offset = Number(call.query.get('offset'));
      const search = call.query.get('search') ?? '';
      const rows = many.filter((l) => l.name.toLowerCase().includes(search.toLowerCase()));
      return { body: rows.slice(offset, offset + limit), total: rows.length };
    }
    if (call.method === 'GET' && call.path === '/location_map/maps') return { body: [plan] };
    if (call.method === 'GET' && call.path === '/location_map/categories/tree') return { body: tree };
    if (call.method === 'GET' && call.path === '/location_map/kiosk_position') return { body: null };
    return undefined;
  });
}

describe('Locations (/ai/location)', () => {
  it('lists ten locations a page with their categories and map, pages on and searches', async () => {
    const calls = serve();
    renderWithApp(<LocationsPage />, '/ai/location');
    const pharmacy = await screen.findByTestId('location-row-1');
    expect(within(pharmacy).getByText('Pharmacy', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(pharmacy).getByText('Ground floor')).toBeTruthy();
    expect(within(screen.getByTestId('location-row-2')).getByText('No map')).toBeTruthy();
    expect(screen.getAllByTestId(/^location-row-/)).toHaveLength(10);
    const first = calls.find((c) => c.path === '/location_map/locations')!;
    expect([first.query.get('device_id'), first.query.get('limit'), first.query.get('offset')]).toEqual([
      '7',
      '10',
      '0',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByTestId('location-row-11')).toBeTruthy();

    fireEvent.change(within(screen.getByTestId('location-search')).getByRole('textbox'), {
      target: { value: 'room 2' },
    });
    await waitFor(() => expect(screen.queryByTestId('location-row-11')).toBeNull(), { timeout: 3000 });
    expect(screen.getAllByTestId(/^location-row-/).map((r) => r.dataset.testid)).toEqual([
      'location-row-20',
      'location-row-21',
      'location-row-22',
      'location-row-23',
    ]);
    // A new search starts from the first page.
    expect(calls.at(-1)!.query.get('offset')).toBe('0');
  });

  it('filters by category layer, sending its id', async () => {
    const calls = serve();
    renderWithApp(<LocationsPage />, '/ai/location');
    await screen.findByTestId('location-row-1');
    const filter = screen.getByTestId('location-filter-input');
    fireEvent.mouseDown(filter);
    fireEvent.click(await screen.findByRole('option', { name: 'Clinics › Pharmacy' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/location_map/locations')
          .at(-1)!
          .query.get('category_ids'),
      ).toBe('2'),
    );
  });

  it('turns a location off with its switch, and the switch goes back when the server refuses', async () => {
    const calls = serve((call) =>
      call.method === 'PUT' && call.path === '/location_map/locations/1'
        ? { status: 409, body: { success: false, message: 'Taken', error: 'location_name_taken' } }
        : undefined,
    );
    renderWithApp(<LocationsPage />, '/ai/location');
    const toggle = (await screen.findByTestId('location-active-1')) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    // The whole location goes back with the one change (a PUT sets every field).
    expect(put.body).toMatchObject({
      device_id: 7,
      name: 'Pharmacy',
      is_active: false,
      map_id: 3,
      category_ids: [2],
    });
    await waitFor(() => expect(screen.getByTestId('location-active-1-switch').dataset.pending).toBe('false'));
    expect((screen.getByTestId('location-active-1') as HTMLInputElement).checked).toBe(true);
  });

  it('adds a location placed by a click on its map, with opening hours in English', async () => {
    const calls = serve((call) =>
      call.method === 'POST' && call.path === '/location_map/locations'
        ? { body: location(99, 'X-ray') }
        : undefined,
    );
    renderWithApp(<LocationsPage />, '/ai/location');
    await screen.findByTestId('location-row-1');
    fireEvent.click(screen.getByTestId('add-location'));
    const dialog = await screen.findByTestId('location-dialog');
    fireEvent.change(within(dialog).getByTestId('location-name-input'), { target: { value: ' X-ray ' } });
    fireEvent.change(within(dialog).getByTestId('location-detail-name'), { target: { value: 'X-ray room' } });

    // Opening hours that end before they start are refused, and overnight ones are fine.
    fireEvent.click(within(dialog).getByTestId('location-hours-add'));
    const end = within(dialog).getByTestId('location-hours-end-0') as HTMLInputElement;
    fireEvent.change(end, { target: { value: '08:00' } });

    // The map, and a click on it.
    fireEvent.mouseDown(within(dialog).getByTestId('location-map-select'));
    fireEvent.click(await screen.findByTestId('location-map-option-3'));
    const area = await within(dialog).findByTestId('location-point-area');
    area.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0 }) as DOMRect;
    fireEvent.click(area, { clientX: 50, clientY: 25 });
    expect(within(dialog).getByTestId('location-point-marker').dataset.x).toBe('0.25');

    fireEvent.click(within(dialog).getByTestId('location-save'));
    expect(
      await within(dialog).findByText('The closing time is before the opening time', { exact: false }),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByTestId('location-hours-overnight-0'));
    fireEvent.click(within(dialog).getByTestId('location-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      device_id: 7,
      name: 'X-ray',
      map_id: 3,
      poi: { x: 0.25, y: 0.25 },
      is_active: true,
      details: {
        english: {
          name: 'X-ray room',
          opening_hours: [{ day: 'weekdays', start: '09:00', end: '08:00', overnight: true }],
        },
      },
    });
    await waitFor(() => expect(screen.queryByTestId('location-dialog')).toBeNull());
  });
});

describe('Locations import (xlsx)', () => {
  it('previews a workbook, with its problems, and applies only a clean one', async () => {
    let clean = false;
    const calls = serve((call) => {
      if (call.method !== 'POST' || call.path !== '/location_map/locations/import') return undefined;
      const mode = call.query.get('mode');
      if (!clean)
        return {
          body: {
            applied: false,
            add: 0,
            update: 0,
            unchanged: 0,
            rows: [],
            errors: [{ row: 3, column: 'Name', key: 'location_name_required', params: {}, message: 'Name?' }],
          },
        };
      return {
        body: {
          applied: mode === 'apply',
          add: 1,
          update: 1,
          unchanged: 0,
          rows: [
            { row: 2, id: 1, name: 'Pharmacy', action: 'update' },
            { row: 3, id: null, name: 'Cafe', action: 'add' },
          ],
          errors: [],
        },
      };
    });
    renderWithApp(<LocationsPage />, '/ai/location');
    await screen.findByTestId('location-row-1');
    fireEvent.click(screen.getByTestId('location-import-open'));
    const dialog = await screen.findByTestId('location-import-dialog');
    const file = new File(['x'], 'locations.xlsx');
    fireEvent.change(within(dialog).getByTestId('location-import-input'), { target: { files: [file] } });
    const errors = await within(dialog).findByTestId('location-import-errors');
    expect(errors.textContent).toContain('Name');
    expect((within(dialog).getByTestId('location-import-apply') as HTMLButtonElement).disabled).toBe(true);

    clean = true;
    fireEvent.change(within(dialog).getByTestId('location-import-input'), { target: { files: [file] } });
    const rows = await within(dialog).findByTestId('location-import-rows');
    expect(rows.textContent).toContain('Cafe');
    expect(within(dialog).getByTestId('location-import-summary').textContent).toContain('1 to add');
    fireEvent.click(within(dialog).getByTestId('location-import-apply'));
    await waitFor(() => expect(screen.queryByTestId('location-import-dialog')).toBeNull(), { timeout: 3000 });
    const imports = calls.filter((c) => c.path === '/location_map/locations/import');
    expect(imports.map((c) => [c.query.get('device_id'), c.query.get('mode')])).toEqual([
      ['7', 'preview'],
      ['7', 'preview'],
      ['7', 'apply'],
    ]);
  });
});

describe('Maps (/ai/location/maps)', () => {
  it('refuses to delete a map that locations use, naming them', async () => {
    const calls = serve();
    renderWithApp(<MapsPage />, '/ai/location/maps');
    fireEvent.click(await screen.findByTestId('map-delete-3'));
    const dialog = await screen.findByTestId('delete-dialog');
    expect(within(dialog).getByText('Delete Ground floor')).toBeTruthy();
    const refusal = await within(dialog).findByTestId('delete-dialog-refusal');
    // Before the names load: the count, never an empty "()".
    expect(refusal.textContent).not.toContain('()');
    expect(refusal.textContent).toContain('cannot be deleted: 1 location uses it');
    await waitFor(() => expect(refusal.textContent).toContain('(Pharmacy)'));
    // Only why it cannot go, not that it "will be permanently deleted" too.
    expect(within(dialog).queryByTestId('delete-dialog-body')).toBeNull();
    expect((within(dialog).getByTestId('delete-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('renames a map in the rename_map dialog', async () => {
    const calls = serve((call) =>
      call.method === 'PUT' && call.path === '/location_map/maps/3'
        ? { body: { ...plan, name: 'Lobby' } }
        : undefined,
    );
    renderWithApp(<MapsPage />, '/ai/location/maps');
    fireEvent.click(await screen.findByTestId('map-rename-3'));
    const dialog = await screen.findByTestId('map-name-dialog');
    expect(dialog.dataset.mode).toBe('rename_map');
    fireEvent.change(within(within(dialog).getByTestId('map-name-input')).getByRole('textbox'), {
      target: { value: '   ' },
    });
    fireEvent.click(within(dialog).getByTestId('map-save'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(within(dialog).getByTestId('map-name-input')).getByRole('textbox'), {
      target: { value: 'Lobby' },
    });
    fireEvent.click(within(dialog).getByTestId('map-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ device_id: 7, name: 'Lobby' }),
    );
  });
});
