import { createHash } from 'node:crypto';
import type { InstallationIdentity } from '../db/installation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This installation's namespace in Redis (REDIS_PREFIX, or derived): logged at start-up. */
    redisPrefix: string;
  }
}

/**
 * The namespace of an installation's keys and channels in Redis when REDIS_PREFIX is not set:
 * derived from its database, so two installations sharing one Redis never hear each other's live
 * events, and every instance of one (same database, whatever URL it reaches it by) agrees.
 * Names under it: `<prefix>:throttle:…` keys, `<prefix>:bus:…` channels, `<prefix>:realtime…` (the adapter's).
 */
export function derivedRedisPrefix({ id, database }: InstallationIdentity): string {
  const hash = createHash('sha256').update(`${id}\n${database}`).digest('hex');
  return `ambassador-${hash.slice(0, 12)}`;
}
