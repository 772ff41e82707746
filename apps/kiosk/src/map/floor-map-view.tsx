import { useMemo, useState } from 'react';
import type { KioskFloorMap, Language, LocationAnswer } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { LocationDetails } from '../chat/location-card';
import { LoadFailed, Panel, SearchField } from '../components/panel';
import { format, type Strings } from '../i18n/strings';
import { SOCKET, type Realtime } from '../realtime/realtime-client';
import { useLiveRead } from '../realtime/use-realtime';

type Floor = KioskFloorMap['floors'][number];

/** Folded for search: case and width ignored. */
const fold = (s: string) => s.normalize('NFKC').toLowerCase();
const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/** Places in the category (null: all) whose name, address or a category holds the search. */
export function filterPlaces(
  places: readonly LocationAnswer[],
  category: string | null,
  search: string,
): LocationAnswer[] {
  const q = fold(search.trim());
  return places.filter(
    (p) =>
      (category === null || p.categories.includes(category)) &&
      (!q ||
        fold(p.name).includes(q) ||
        fold(p.address).includes(q) ||
        p.categories.some((c) => fold(c).includes(q))),
  );
}

type Props = {
  api: Pick<DeviceApi, 'floorMap'>;
  realtime: Realtime | null;
  language: Language;
  strings: Strings;
  onClose: () => void;
  /** A touch or a keystroke: keeps the idle clock from running out. */
  onActivity: () => void;
};

/**
 * The start screen's map, over it: the floors as tabs (opening on the kiosk's own), the
 * categories as filters, a search across every floor, each place a point on its floor plan and
 * a line in the list; a tapped place shows its details and its point, with "you are here" on the
 * kiosk's floor. An operator's change arrives live (`location_map:changed`): read again, the
 * visitor's choices kept.
 */
export function FloorMapView({ api, realtime, language, strings, onClose, onActivity }: Props) {
  const [floorId, setFloorId] = useState<number | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { data, failed, retry } = useLiveRead(
    realtime,
    SOCKET.locationMap,
    (signal) => api.floorMap(language, signal),
    [api, language],
  );

  const places = useMemo(() => data?.places ?? [], [data]);
  const categories = useMemo(
    () => [...new Set(places.flatMap((p) => p.categories))].sort((a, b) => a.localeCompare(b)),
    [places],
  );
  const matches = useMemo(() => filterPlaces(places, category, search), [places, category, search]);
  const floors = data?.floors ?? [];
  const here = data?.you_are_here ?? null;
  // The floor chosen, else the kiosk's own, else the first.
  const floor: Floor | undefined =
    floors.find((f) => f.id === floorId) ?? floors.find((f) => f.id === here?.map_id) ?? floors[0];
  const selected = places.find((p) => p.location_id === selectedId) ?? null;
  const onFloor = matches.filter((p) => p.map?.id === floor?.id);
  // While filtering, what matches on other floors (or on none) is listed too, with its floor.
  const elsewhere = search.trim() || category !== null ? matches.filter((p) => p.map?.id !== floor?.id) : [];
  const choose = (place: LocationAnswer) => {
    setSelectedId(place.location_id);
    if (place.map) setFloorId(place.map.id);
  };

  return (
    <Panel
      className="k-floormap"
      language={language}
      title={strings.map}
      backLabel={strings.directoryBack}
      testId="kiosk-map"
      onBack={onClose}
      onActivity={onActivity}
    >
      {failed && !data ? (
        <div className="k-floormap-body">
          <LoadFailed message={strings.mapLoadFailed} retryLabel={strings.tryAgain} onRetry={retry} />
        </div>
      ) : data && places.length === 0 && floors.length === 0 ? (
        <div className="k-floormap-body">
          <p className="k-muted" role="status" data-testid="kiosk-map-empty">
            {strings.mapEmpty}
          </p>
        </div>
      ) : (
        <div className="k-floormap-body">
          <SearchField
            label={strings.mapSearch}
            placeholder={strings.mapPlaceholder}
            clearLabel={strings.directoryClear}
            value={search}
            onChange={setSearch}
            testId="kiosk-map-search"
          />
          {categories.length > 0 && (
            <div className="k-floormap-chips" role="group" aria-label={strings.mapCategories}>
              {[null, ...categories].map((c) => (
                <button
                  key={c ?? ''}
                  type="button"
                  className="k-chip"
                  aria-pressed={category === c}
                  data-testid="kiosk-map-category"
                  onClick={() => setCategory(c)}
                >
                  {c ?? strings.mapAll}
                </button>
              ))}
            </div>
          )}
          {floors.length > 1 && (
            <div className="k-floormap-floors" role="group" aria-label={strings.mapFloors}>
              {floors.map((f) => (
                <button
                  key={f.id}
                  type="button"
                  className="k-btn k-btn-outline k-floormap-floor"
                  aria-pressed={f.id === floor?.id}
                  data-testid="kiosk-map-floor"
                  onClick={() => setFloorId(f.id)}
                >
                  {f.name}
                </button>
              ))}
            </div>
          )}
          <div className="k-floormap-main">
            {floor && (
              <figure className="k-floormap-plan">
                <div
                  className="k-location-map-frame k-floormap-frame"
                  style={{
                    aspectRatio: `${floor.width || 4} / ${floor.height || 3}`,
                    // As wide as the height left under the controls allows: the whole plan in view.
                    maxWidth: `calc((100dvh - 16em) * ${(floor.width || 4) / (floor.height || 3)})`,
                  }}
                >
                  <img
                    src={floor.web_url ?? floor.url}
                    alt={format(strings.locationMap, { map: floor.name })}
                    data-testid="kiosk-map-plan"
                  />
                  {here && here.map_id === floor.id && (
                    <span
                      className="k-location-here"
                      data-testid="kiosk-map-here"
                      style={{ left: percent(here.x), top: percent(here.y) }}
                    >
                      <span className="k-location-label">{strings.youAreHere}</span>
                    </span>
                  )}
                  {onFloor.map(
                    (p) =>
                      p.poi && (
                        <button
                          key={p.location_id}
                          type="button"
                          className="k-floormap-pin"
                          aria-label={p.name}
                          aria-pressed={p.location_id === selected?.location_id}
                          data-testid="kiosk-map-pin"
                          style={{ left: percent(p.poi.x), top: percent(p.poi.y) }}
                          onClick={() => choose(p)}
                        >
                          <span aria-hidden="true" />
                        </button>
                      ),
                  )}
                </div>
                <figcaption className="k-source">{floor.name}</figcaption>
              </figure>
            )}
            <div className="k-floormap-side">
              {selected && (
                <div className="k-card k-location k-floormap-selected" data-testid="kiosk-map-selected">
                  <LocationDetails place={selected} strings={strings} />
                  {selected.map && selected.map.id !== floor?.id && (
                    <p className="k-location-line">{selected.map.name}</p>
                  )}
                </div>
              )}
              {onFloor.length + elsewhere.length === 0 ? (
                <p className="k-muted" role="status" data-testid="kiosk-map-no-match">
                  {places.length === 0 ? strings.mapEmpty : strings.directoryNoMatch}
                </p>
              ) : (
                <ul className="k-floormap-list" aria-live="polite">
                  {[...onFloor, ...elsewhere].map((p) => (
                    <li key={p.location_id}>
                      <button
                        type="button"
                        className="k-floormap-place"
                        aria-pressed={p.location_id === selected?.location_id}
                        data-testid="kiosk-map-place"
                        onClick={() => choose(p)}
                      >
                        <span className="k-location-name">{p.name}</span>
                        <span className="k-muted">
                          {[p.map && p.map.id !== floor?.id ? p.map.name : '', ...p.categories]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </div>
      )}
    </Panel>
  );
}
