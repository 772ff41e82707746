import { z } from 'zod';

// ---------------------------------------------------------------- avatar motions (gestures and idles)

/**
 * Five gestures an ambassador plays with an answer (tap-body motions), and three idle motions. An
 * avatar is made from one portrait photo (head and shoulders), so every motion is one a head and
 * shoulders can make: nod (yes), shake (no), tilt (a friendly greeting), bow (thanks, welcome),
 * lean in (look here, listen); breathing, blinking with glances aside, a gentle sway.
 */
export const AVATAR_GESTURES = ['nod', 'shake', 'tilt', 'bow', 'lean_in'] as const;
export const AVATAR_IDLE_MOTIONS = ['breathe', 'look_around', 'sway'] as const;
export const AVATAR_MOTIONS = [...AVATAR_GESTURES, ...AVATAR_IDLE_MOTIONS] as const;
export const ZAvatarMotion = z.enum(AVATAR_MOTIONS);
export type AvatarMotion = z.infer<typeof ZAvatarMotion>;
export type AvatarGesture = (typeof AVATAR_GESTURES)[number];
export type AvatarIdleMotion = (typeof AVATAR_IDLE_MOTIONS)[number];

/**
 * Gestures named before avatars were made from photos (they needed hands a portrait does not
 * show), read as the nearest gesture a head and shoulders make. Migration 0018 rewrote stored
 * topics; files exported before and transfer snapshots may still carry the old names.
 */
export const LEGACY_AVATAR_MOTIONS: Readonly<Record<string, AvatarMotion>> = {
  wave: 'tilt',
  point: 'lean_in',
  thumbs_up: 'nod',
};

/** A stored motion name as a motion (old names mapped), or null when it names none. */
export function toAvatarMotion(value: string | null | undefined): AvatarMotion | null {
  if (!value) return null;
  if ((AVATAR_MOTIONS as readonly string[]).includes(value)) return value as AvatarMotion;
  return LEGACY_AVATAR_MOTIONS[value] ?? null;
}
