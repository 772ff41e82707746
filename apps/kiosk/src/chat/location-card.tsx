import type { Language, LocationAnswer } from '@ambassador/contracts';
import { useEffect, useState } from 'react';
import type { DeviceApi } from '../api/device-api';
import { format, type Strings } from '../i18n/strings';
import { SOCKET, type Realtime } from '../realtime/realtime-client';
import { useRealtimeEvent } from '../realtime/use-realtime';

type Props = {
  answer: LocationAnswer;
  strings: Strings;
  language: Language;
  /** Reads the answer again when the device's locations or its position change. */
  api?: Pick<DeviceApi, 'location'>;
  realtime?: Realtime | null;
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * A location answer: the map with the place's point highlighted and, when the kiosk stands on the
 * same map, a "you are here" marker; then its name, address, phone and whether it is open now.
 * Points are fractions of the image, so they stay put at any size the map is shown.
 */
export function LocationCard({ answer: first, strings, language, api, realtime = null }: Props) {
  // The answer as read again after a change; until then, the one the question brought.
  const [fresh, setFresh] = useState<LocationAnswer | null>(null);
  const answer = fresh?.location_id === first.location_id ? fresh : first;
  const [version, setVersion] = useState(0);
  useRealtimeEvent(realtime, SOCKET.locationMap, () => setVersion((v) => v + 1));
  useEffect(() => {
    if (version === 0 || !api) return;
    const controller = new AbortController();
    api.location(first.location_id, language, controller.signal).then(setFresh, () => undefined);
    return () => controller.abort();
  }, [api, first.location_id, language, version]);

  const { map, poi, you_are_here: here } = answer;
  return (
    <div className="k-location" data-testid="kiosk-location" data-location-id={answer.location_id}>
      {map && (
        <figure className="k-location-map">
          <div
            className="k-location-map-frame"
            style={{ aspectRatio: `${map.width || 4} / ${map.height || 3}` }}
          >
            <img
              src={map.web_url ?? map.url}
              alt={format(strings.locationMap, { map: map.name })}
              data-testid="kiosk-location-map"
            />
            {here && (
              <span
                className="k-location-here"
                data-testid="kiosk-you-are-here"
                data-x={here.x}
                data-y={here.y}
                style={{ left: percent(here.x), top: percent(here.y) }}
              >
                <span className="k-location-label">{strings.youAreHere}</span>
              </span>
            )}
            {poi && (
              <span
                className="k-location-poi"
                role="img"
                aria-label={format(strings.locationHere, { name: answer.name })}
                data-testid="kiosk-location-poi"
                data-x={poi.x}
                data-y={poi.y}
                style={{ left: percent(poi.x), top: percent(poi.y) }}
              />
            )}
          </div>
          <figcaption className="k-source">{format(strings.locationMap, { map: map.name })}</figcaption>
        </figure>
      )}
      <LocationDetails place={answer} strings={strings} />
    </div>
  );
}

/** A place's name, address, phone and whether it is open now (a location answer, the floor map). */
export function LocationDetails({ place, strings }: { place: LocationAnswer; strings: Strings }) {
  return (
    <>
      <p className="k-location-name" data-testid="kiosk-location-name">
        {place.name}
      </p>
      {place.address && <p className="k-location-line">{place.address}</p>}
      {place.phone_number && (
        <p className="k-location-line">{format(strings.locationPhone, { phone: place.phone_number })}</p>
      )}
      {place.open_now !== null && (
        <p
          className={place.open_now ? 'k-location-open' : 'k-location-closed'}
          data-testid="kiosk-location-open"
          data-open={String(place.open_now)}
        >
          {place.open_now ? strings.openNow : strings.closedNow}
        </p>
      )}
    </>
  );
}
