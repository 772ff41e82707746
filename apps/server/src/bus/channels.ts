import { z } from 'zod';

/**
 * A bus channel: its name and the shape of what travels on it. Declared once, published and received
 * typed; what arrives from another instance is checked against the shape (an instance of another
 * version may send something else) and dropped with a log line when it does not fit.
 */
export interface Channel<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
}

export function defineChannel<T>(name: string, schema: z.ZodType<T>): Channel<T> {
  return { name, schema };
}

const deviceId = z.number().int();

/**
 * A device's AI data changed (`topicIds`: only those, else all): matchers update or rebuild, the
 * answer data is read again; `settings: true`: its AI settings changed.
 */
export const AI_CHANGED = defineChannel(
  'ai:changed',
  z.union([
    z.object({ deviceId, settings: z.literal(true) }),
    z.object({ deviceId, topicIds: z.array(z.number().int()).optional() }),
  ]),
);
/** A device published, restored or stopped drafts: every instance reads its live AI version again. */
export const AI_PUBLISHED = defineChannel('ai:published', z.object({ deviceId }));
/** A device or its keys changed: every instance forgets the keys it remembers. */
export const DEVICE_CHANGED = defineChannel('devices:changed', z.object({ deviceId }));
/** A visitor session ended: no instance answers in it any longer. */
export const SESSION_ENDED = defineChannel('device_api:session_ended', z.object({ sessionId: z.string() }));
/** A device's documents changed: every instance rebuilds its document index. */
export const MRC_CHANGED = defineChannel('mrc:changed', z.object({ deviceId }));
/** A device's locations, maps or category layers changed: every instance reads them again. */
export const LOCATIONS_CHANGED = defineChannel('locations:changed', z.object({ deviceId }));
/** A device's small talk (settings, lists, topic filters) changed: every instance reads it again. */
export const SMALL_TALK_CHANGED = defineChannel('small_talk:changed', z.object({ deviceId }));
