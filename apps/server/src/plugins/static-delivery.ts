/** Built files whose names carry a content hash (Vite's assets/): a new build names new files. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Cache headers of a built file (`file` may be its precompressed .br/.gz): hashed assets are kept a
 * year; anything else (index.html, the logo, robots.txt) is checked with the server on every use,
 * so an upgrade shows at once.
 */
function staticCacheHeaders(reply: { header(name: string, value: string): unknown }, file: string) {
  const hashed = /[\\/]assets[\\/]/.test(file);
  reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
}

/**
 * How each built app is served (`@fastify/static` options): precompressed .br/.gz chosen by
 * Accept-Encoding, cache headers. The Lighthouse bench's build front serves with the same.
 */
export const STATIC_OPTIONS = {
  wildcard: false,
  preCompressed: true,
  setHeaders: staticCacheHeaders,
} as const;

/** A path naming a file (its last segment has an extension): a missing one is a 404, not the app. */
export const looksLikeFile = (path: string) =>
  /\.[A-Za-z0-9]{1,8}$/.test(path.slice(path.lastIndexOf('/') + 1));
