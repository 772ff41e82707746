import { defineModule, type Core } from '../../core/module.js';
import { createDirectoryRepo, directoryMediaReferences, directorySearchSources } from './repo.js';
import { directoryDeviceRoutes, directoryRoutes } from './routes.js';
import { createDirectoryService } from './service.js';

const build = ({ db, media, notifier, clock, use }: Core) => ({
  // Logos in the media store; kiosks re-read the directory when it changes.
  directory: createDirectoryService({
    repo: createDirectoryRepo(db),
    media,
    notifier,
    clock,
    onChange: use('interface').bannerLinksChanged,
  }),
});

declare module '../../core/module.js' {
  interface Modules {
    directory: ReturnType<typeof build>;
  }
}

/** The directory of units (shops, clinics, offices) a kiosk shows and chats are tagged with. */
export const directoryModule = defineModule({
  name: 'directory',
  build,
  admin: (scope, { directory }) => directoryRoutes(scope, { directory }),
  device: (scope, { directory }) => directoryDeviceRoutes(scope, { directory }),
  mediaReferences: [directoryMediaReferences],
  search: (_own, { db }) => directorySearchSources(db),
});
