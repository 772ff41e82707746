import { defineModule, type Core } from '../../core/module.js';
import { carouselMediaReferences, createCarouselRepo } from './carousel-repo.js';
import { carouselRoutes } from './carousel-routes.js';
import { createCarouselService } from './carousel-service.js';
import { createIdleScreenRepo, idleScreenMediaReferences } from './idle-screen-repo.js';
import { idleScreenRoutes } from './idle-screen-routes.js';
import { createIdleScreenService } from './idle-screen-service.js';
import { createInterfaceRepo } from './repo.js';
import { interfaceRoutes } from './routes.js';
import { createInterfaceService } from './service.js';

function build({ db, media, notifier, clock, log, use }: Core) {
  // Sections, carousel banners and the idle screen: saved per device, sent to its kiosks when changed.
  const sections = createInterfaceService({ repo: createInterfaceRepo(db), notifier, clock });
  const carousel = createCarouselService({ repo: createCarouselRepo(db), media, notifier, clock });
  const idle = createIdleScreenService({ repo: createIdleScreenRepo(db), media, notifier, clock });
  /** Kiosks showing a banner linked to a topic or unit get its new label (or lose a deleted link). */
  const bannerLinksChanged = (deviceId: number) => {
    carousel
      .linkTargetsChanged(deviceId)
      .catch((err: unknown) => log.error({ err, deviceId }, 'refreshing banner links failed'));
  };
  use('ai').onTopicsChanged(bannerLinksChanged);
  return { sections, carousel, idle, bannerLinksChanged };
}

declare module '../../core/module.js' {
  interface Modules {
    interface: ReturnType<typeof build>;
  }
}

/** Interface Settings: the kiosk's sections, carousel banners and idle screen. */
export const interfaceModule = defineModule({
  name: 'interface',
  build,
  admin: (scope, { sections, carousel, idle }) => {
    interfaceRoutes(scope, { sections });
    carouselRoutes(scope, { carousel });
    idleScreenRoutes(scope, { idle });
  },
  mediaReferences: [carouselMediaReferences, idleScreenMediaReferences],
  kiosk: ({ sections, carousel, idle }) => [
    { key: 'sections', read: (deviceId) => sections.kioskSections(deviceId) },
    { key: 'carousel', read: (deviceId) => carousel.kioskBanners(deviceId) },
    { key: 'idle_screen', read: (deviceId) => idle.kioskIdleScreen(deviceId) },
  ],
});
