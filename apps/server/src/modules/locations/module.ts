import { defineModule, type Core } from '../../core/module.js';
import { DEVICE_CHANGED, LOCATIONS_CHANGED } from '../../bus/channels.js';
import { createLocationsRepo, locationsMediaReferences, locationSearchSources } from './repo.js';
import { locationsDeviceRoutes, locationsRoutes } from './routes.js';
import { createLocationsBulk } from './bulk.js';
import { createLocationsService } from './service.js';
import { locationsStep, namedLocationStep } from './step.js';

function build({ db, media, notifier, clock, bus, use }: Core) {
  const repo = createLocationsRepo(db);
  const locations = createLocationsService({
    repo,
    media,
    notifier,
    clock,
    timeZoneOf: use('calls').timeZoneOf,
    onChanged: (deviceId) => bus.publish(LOCATIONS_CHANGED, { deviceId }),
  });
  // Every instance forgets a device's folded locations when they change, and when the device
  // changes or is deleted (what it held is then of no use).
  for (const channel of [LOCATIONS_CHANGED, DEVICE_CHANGED]) {
    bus.subscribe(channel, ({ deviceId }) => locations.forget(deviceId));
  }
  return {
    locations,
    bulk: createLocationsBulk({ repo, undo: use('undo').undo, changed: locations.changed }),
    /** Its answering steps: a location named outright (before topics), "where is …" (after). */
    steps: { named: namedLocationStep(locations), where: locationsStep(locations) },
  };
}

declare module '../../core/module.js' {
  interface Modules {
    locations: ReturnType<typeof build>;
  }
}

/** Locations and maps: "where is …" answered with a map. */
export const locationsModule = defineModule({
  name: 'locations',
  build,
  admin: (scope, { locations, bulk }, { media }) => locationsRoutes(scope, { locations, bulk, media }),
  device: (scope, { locations }) => locationsDeviceRoutes(scope, { locations }),
  mediaReferences: [...locationsMediaReferences],
  search: (_own, { db }) => locationSearchSources(db),
});
