import { PAGES } from '@ambassador/contracts';
import { HEALTH_PATHS } from '../modules/health/index.js';
import { METRICS_PATH } from '../modules/metrics/index.js';

/** API prefixes that never fall back to the console's index.html. */
export const API_PREFIXES = [
  '/admin_panel',
  '/device_api',
  '/media',
  '/realtime',
  ...HEALTH_PATHS,
  METRICS_PATH,
  '/avatar-player/api',
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const pathOf = (url: string) => url.split('?')[0] ?? '';

/** An address of the API (answers are per caller: never cached); media files are not. */
export const isApi = (url: string) => {
  const path = pathOf(url);
  return API_PREFIXES.some((p) => under(path, p)) && !path.startsWith('/media/');
};
/** An address under an API prefix, media files included (never the console's HTML). */
export const underApi = (url: string) => API_PREFIXES.some((p) => under(pathOf(url), p));

/** The console's own addresses (its router's pages): only these load its index.html. */
export const consolePage = (url: string) =>
  url === '/' || url === '/login' || PAGES.some((page) => under(url, page));
