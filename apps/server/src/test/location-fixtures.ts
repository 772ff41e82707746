import type { LocationRow } from '../modules/locations/repo.js';

/**
 * Test support for locations: a location as the repo hands it back, built in memory for the tests
 * of what reads it (modules/locations/answer.ts, folded-cache.ts). Not used by the server itself.
 */

/**
 * A builder of locations with details in `languages` (each test picks the ones it asks in);
 * `extra` sets any other column.
 */
export const locationBuilder =
  (languages: string[]) =>
  (id: number, name: string, extra: Partial<LocationRow> = {}): LocationRow => ({
    id,
    name,
    mapId: null,
    mapName: null,
    poiX: null,
    poiY: null,
    image: '',
    isActive: true,
    // A fresh array each row, as each row read from the database has its own.
    selectedDetails: [...languages],
    details: {},
    aliases: [],
    createdAt: new Date(0),
    updatedAt: new Date(0),
    categories: [],
    ...extra,
  });
