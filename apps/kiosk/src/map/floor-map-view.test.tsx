import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { KioskFloorMap, LocationAnswer } from '@ambassador/contracts';
import { describe, expect, it, vi } from 'vitest';
import { STRINGS } from '../i18n/strings';
import { CONFIG, fakeDevice, renderKiosk } from '../test/fake-device';
import { FloorMapView, filterPlaces } from './floor-map-view';

const floor = (id: number, name: string) => ({
  id,
  name,
  url: `/media/${id}.png`,
  web_url: null,
  width: 800,
  height: 600,
});
const place = (id: number, name: string, mapId: number | null, categories: string[]): LocationAnswer => ({
  location_id: id,
  localization: 'english',
  name,
  address: `${name} address`,
  phone_number: '',
  image: '',
  opening_hours: [],
  open_now: id === 1 ? true : null,
  time_zone: 'Asia/Hong_Kong',
  categories,
  map: mapId === null ? null : { ...floor(mapId, mapId === 1 ? 'Ground floor' : 'Level 3'), web_url: null },
  poi: mapId === null ? null : { x: 0.1 * id, y: 0.5 },
  you_are_here: null,
});
const MAP: KioskFloorMap = {
  floors: [floor(1, 'Ground floor'), floor(2, 'Level 3')],
  places: [
    place(1, 'Pharmacy', 1, ['Health']),
    place(2, 'Information desk', 1, ['Services']),
    place(3, 'Food Court', 2, ['Dining']),
    place(4, 'Valet parking', null, ['Services']),
  ],
  you_are_here: { map_id: 1, x: 0.5, y: 0.5 },
};

function open(floorMap = vi.fn().mockResolvedValue(MAP), language: 'english' | 'cantonese' = 'english') {
  render(
    <FloorMapView
      api={{ floorMap }}
      realtime={null}
      language={language}
      strings={STRINGS[language]}
      onClose={() => undefined}
      onActivity={() => undefined}
    />,
  );
  return floorMap;
}
const listed = () => screen.getAllByTestId('kiosk-map-place').map((b) => b.firstChild!.textContent);

describe('the floor map', () => {
  it('opens on the kiosk’s floor with "you are here", its places as pins and lines', async () => {
    const floorMap = open();
    await screen.findByTestId('kiosk-map-plan');
    expect(floorMap).toHaveBeenCalledWith('english', expect.any(AbortSignal));
    expect(screen.getByTestId('kiosk-map-plan').getAttribute('alt')).toContain('Ground floor');
    expect(screen.getByTestId('kiosk-map-here').textContent).toBe(STRINGS.english.youAreHere);
    expect(screen.getAllByTestId('kiosk-map-pin').map((p) => p.getAttribute('aria-label'))).toEqual([
      'Pharmacy',
      'Information desk',
    ]);
    expect(listed()).toEqual(['Pharmacy', 'Information desk']);
    const floors = screen.getAllByTestId('kiosk-map-floor');
    expect(floors.map((f) => [f.textContent, f.getAttribute('aria-pressed')])).toEqual([
      ['Ground floor', 'true'],
      ['Level 3', 'false'],
    ]);
  });

  it('filters by category and searches every floor; a place elsewhere takes the visitor to its floor', async () => {
    open();
    await screen.findByTestId('kiosk-map-plan');
    const services = screen.getAllByTestId('kiosk-map-category').find((c) => c.textContent === 'Services')!;
    fireEvent.click(services);
    expect(services.getAttribute('aria-pressed')).toBe('true');
    // On this floor first, then what has no floor plan.
    expect(listed()).toEqual(['Information desk', 'Valet parking']);
    fireEvent.click(screen.getAllByTestId('kiosk-map-category')[0]!);

    fireEvent.change(screen.getByTestId('kiosk-map-search'), { target: { value: 'ＦＯＯＤ' } });
    expect(listed()).toEqual(['Food Court']);
    expect(screen.getByTestId('kiosk-map-place').textContent).toContain('Level 3');
    fireEvent.click(screen.getByTestId('kiosk-map-place'));
    expect(screen.getByTestId('kiosk-map-plan').getAttribute('alt')).toContain('Level 3');
    expect(screen.queryByTestId('kiosk-map-here')).toBeNull();
    const pin = screen.getByTestId('kiosk-map-pin');
    expect([pin.getAttribute('aria-label'), pin.getAttribute('aria-pressed')]).toEqual([
      'Food Court',
      'true',
    ]);
    expect(
      within(screen.getByTestId('kiosk-map-selected')).getByTestId('kiosk-location-name').textContent,
    ).toBe('Food Court');

    fireEvent.change(screen.getByTestId('kiosk-map-search'), { target: { value: 'zebra' } });
    expect(screen.getByTestId('kiosk-map-no-match').textContent).toBe(STRINGS.english.directoryNoMatch);
  });

  it('shows a tapped pin’s details, open now', async () => {
    open();
    await screen.findByTestId('kiosk-map-plan');
    fireEvent.click(screen.getAllByTestId('kiosk-map-pin')[0]!);
    const selected = screen.getByTestId('kiosk-map-selected');
    expect(within(selected).getByTestId('kiosk-location-name').textContent).toBe('Pharmacy');
    expect(within(selected).getByTestId('kiosk-location-open').textContent).toBe(STRINGS.english.openNow);
  });

  it('says when it could not load, in the visitor’s language, and tries again', async () => {
    const floorMap = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(MAP);
    open(floorMap, 'cantonese');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(STRINGS.cantonese.mapLoadFailed);
    fireEvent.click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('kiosk-map-plan')).toBeTruthy());
    expect(screen.getByRole('heading').textContent).toBe(STRINGS.cantonese.map);
  });

  it('says so when the device has no places yet', async () => {
    open(vi.fn().mockResolvedValue({ floors: [], places: [], you_are_here: null }));
    expect((await screen.findByTestId('kiosk-map-empty')).textContent).toBe(STRINGS.english.mapEmpty);
  });

  it('matches a name, an address or a category, case and width folded', () => {
    expect(filterPlaces(MAP.places, null, 'dining').map((p) => p.name)).toEqual(['Food Court']);
    expect(filterPlaces(MAP.places, 'Health', '').map((p) => p.name)).toEqual(['Pharmacy']);
    expect(filterPlaces(MAP.places, 'Health', 'food')).toEqual([]);
  });
});

describe('the floor map on the start screen', () => {
  it('opens from the Map button, follows an operator’s change live, and goes back', async () => {
    const current = { map: MAP };
    const calls = fakeDevice((call) =>
      call.path.startsWith('/floor_map') ? { body: current.map } : undefined,
    );
    const { sockets } = renderKiosk();
    fireEvent.click(await screen.findByTestId('kiosk-map-open'));
    await waitFor(() => expect(listed()).toEqual(['Pharmacy', 'Information desk']));
    expect(calls.filter((c) => c.path === '/floor_map')).toHaveLength(1);
    // The operator adds a place on the ground floor.
    current.map = { ...MAP, places: [...MAP.places, place(5, 'ATM', 1, ['Services'])] };
    (await sockets.ready()).serverSend('location_map:changed', { changed_at: '2025-01-01T10:00:00.000Z' });
    await waitFor(() => expect(listed()).toEqual(['Pharmacy', 'Information desk', 'ATM']));
    expect(calls.filter((c) => c.path === '/floor_map')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('kiosk-map-close'));
    expect(screen.queryByTestId('kiosk-map')).toBeNull();
    expect(screen.getByTestId('kiosk-start-english')).toBeTruthy();
  });

  it('has no Map button when the section is switched off', async () => {
    fakeDevice((call) =>
      call.path === '/config' ? { body: { ...CONFIG, sections: { map: { floor_map: false } } } } : undefined,
    );
    renderKiosk();
    await screen.findByTestId('kiosk-start-english');
    expect(screen.queryByTestId('kiosk-map-open')).toBeNull();
  });
});
