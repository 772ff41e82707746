import type { Language, LocationAnswer, KioskFloorMap } from '@ambassador/contracts';
import type { Clock } from '../../lib/clock.js';
import { mediaUrls } from '../../media/urls.js';
import { answerText, findLocation, kioskMap, locationAnswer } from './answer.js';
import { createFoldedLocations } from './folded-cache.js';
import type { LocationRow, LocationsRepo, MapRow } from './repo.js';

/**
 * How long a device's folded locations are trusted without a change being heard: changes reach
 * every instance over the event bus at once, so this only bounds staleness when a message is lost.
 */
const FOLDED_TTL_MS = 60_000;
/**
 * The most active locations whose folded names are held, over all devices: about 2.5 KB each with
 * their rows (bench/locations.ts), so about 50 MB at most; four devices of 5,000, or hundreds of smaller ones.
 */
const FOLDED_MAX_LOCATIONS = 20_000;

/** A map's picture addresses, as a map and a location's answer carry them. */
export const urlsOf = (m: MapRow) => {
  const u = mediaUrls({ filename: m.filename, kind: m.kind, variants: m.variants });
  return { url: u.url, web_url: u.web_url, thumb_url: u.thumb_url };
};

export interface LocationStepResult {
  /** The location found (null: the device has locations, none was asked for). */
  hit: {
    location: LocationRow;
    score: number;
    matched: string;
    answer: LocationAnswer;
    text: string;
  } | null;
}

/**
 * What a device answers and shows of its locations (the locations service's answering part, see
 * service.ts): questions against the device's folded locations (kept between questions,
 * folded-cache.ts), a location's answer, and the start screen's floor map.
 */
export function createLocationAnswers({
  repo,
  clock,
  timeZoneOf,
}: {
  repo: LocationsRepo;
  clock: Clock;
  /** The device's time zone (its call settings'), for open/closed now. */
  timeZoneOf: (deviceId: number) => Promise<string>;
}) {
  const folded = createFoldedLocations({
    load: (deviceId) => repo.all(deviceId),
    ttlMs: FOLDED_TTL_MS,
    maxLocations: FOLDED_MAX_LOCATIONS,
  });

  async function answerFor(
    deviceId: number,
    location: LocationRow,
    language: Language,
  ): Promise<LocationAnswer> {
    const [map, position, timeZone] = await Promise.all([
      location.mapId === null ? null : repo.map(deviceId, location.mapId),
      repo.position(deviceId),
      timeZoneOf(deviceId),
    ]);
    return locationAnswer(location, {
      language,
      map,
      mapUrls: urlsOf,
      position,
      timeZone,
      at: clock.now(),
    });
  }

  return {
    /**
     * The location a question asks for and the device's answer with it, or null: the answering
     * chain's locations steps (`named`: before topics, a place named outright; else after topics,
     * before documents: docs/decisions.md).
     */
    async answer(
      deviceId: number,
      language: Language,
      text: string,
      opts: { named?: boolean } = {},
    ): Promise<LocationStepResult | null> {
      const { any, active } = await folded.get(deviceId);
      if (!any) return null;
      const hit = findLocation(text, active, opts);
      if (!hit) return { hit: null };
      const answer = await answerFor(deviceId, hit.location, language);
      return { hit: { ...hit, answer, text: answerText(answer) } };
    },

    /** Which texts name a place outright, as the chain's first locations step would find it. */
    async named(deviceId: number, texts: readonly string[]) {
      const { active } = await folded.get(deviceId);
      return texts.map((text) => {
        const hit = active.length > 0 ? findLocation(text, active, { named: true }) : null;
        return { text, location: hit ? { id: hit.location.id, name: hit.location.name } : null };
      });
    },

    /**
     * The start screen's map (GET /device_api/v1/floor_map): the floors in floor order, every
     * active place as the device answers with it, by name, and where the kiosk stands.
     */
    async floorMap(deviceId: number, language: Language): Promise<KioskFloorMap> {
      const [{ active }, floors, position, timeZone] = await Promise.all([
        folded.get(deviceId),
        repo.maps(deviceId),
        repo.position(deviceId),
        timeZoneOf(deviceId),
      ]);
      const byId = new Map(floors.map((m) => [m.id, m]));
      const at = clock.now();
      const places = active
        .map(({ location }) =>
          locationAnswer(location, {
            language,
            map: location.mapId === null ? null : (byId.get(location.mapId) ?? null),
            mapUrls: urlsOf,
            position,
            timeZone,
            at,
          }),
        )
        .sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return {
        floors: floors.map((m) => kioskMap(m, urlsOf)),
        places,
        you_are_here: position ? { map_id: position.mapId, x: position.x, y: position.y } : null,
      };
    },

    /** Another instance changed the device's locations, or the device changed or went (app.ts). */
    forget: (deviceId: number) => folded.forget(deviceId),

    answerFor,
  };
}
