import type { LocationMap } from '@ambassador/contracts';

/** The address to show a map at screen size: its web-sized copy, else the original. */
export const mapImage = (map: Pick<LocationMap, 'url' | 'web_url'>) => map.web_url ?? map.url;
