import { defineModule, type Core } from '../../core/module.js';
import { createDirectoryRepo, directoryMediaReferences, directorySearchSources } from './repo.js';
import { directoryDeviceRoutes, directoryRoutes } from './routes.js';
import { createDirectoryBulk } from './bulk.js';
import { createDirectoryService } from './service.js';

function build({ db, media, notifier, clock, use }: Core) {
  const repo = createDirectoryRepo(db);
  // Logos in the media store; kiosks re-read the directory when it changes.
  const directory = createDirectoryService({
    repo,
    media,
    notifier,
    clock,
    onChange: use('interface').bannerLinksChanged,
  });
  return {
    directory,
    bulk: createDirectoryBulk({ repo, undo: use('undo').undo, media, changed: directory.changed }),
  };
}

declare module '../../core/module.js' {
  interface Modules {
    directory: ReturnType<typeof build>;
  }
}

/** The directory of units (shops, clinics, offices) a kiosk shows and chats are tagged with. */
export const directoryModule = defineModule({
  name: 'directory',
  build,
  admin: (scope, { directory, bulk }) => directoryRoutes(scope, { directory, bulk }),
  device: (scope, { directory }) => directoryDeviceRoutes(scope, { directory }),
  mediaReferences: [directoryMediaReferences],
  search: (_own, { db }) => directorySearchSources(db),
});
