/**
 * Virtual avatars (modules/avatars) and the player's tokens.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { deviceRef } from './devices.js';
import { media } from './media.js';
import { users } from './users.js';

/** What production made of a portrait: the texture's size, the landmarks in it, sampled colours. */
export interface AvatarModelData {
  width: number;
  height: number;
  landmarks: Array<[number, number]>;
  colors: { skin: string; lip: string; mouth: string };
  /** The crop of the photo the texture shows, in the photo's pixels. */
  crop: { left: number; top: number; width: number; height: number };
}

/**
 * A device's virtual avatars (Interface Settings → Virtual Avatar): each made from one portrait
 * photo by the `avatar-produce` job (modules/avatars). At most one per device is in use.
 */
export const avatars = pgTable(
  'avatars',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    name: text('name').notNull(),
    /** The portrait as uploaded (media pipeline). */
    photoMediaId: integer('photo_media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    /** The produced texture (head and shoulders, cropped and sized for the player). */
    textureMediaId: integer('texture_media_id').references(() => media.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'producing', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    progress: smallint('progress').notNull().default(0),
    failure: text('failure'),
    failureDetail: text('failure_detail'),
    isInUse: boolean('is_in_use').notNull().default(false),
    /** The face check's result on the photo (FaceCheck of the contracts). */
    face: jsonb('face').$type<Record<string, unknown>>(),
    model: jsonb('model').$type<AvatarModelData>(),
    productionMs: integer('production_ms'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    producedAt: timestamp('produced_at', { withTimezone: true }),
  },
  (t) => [
    index('avatars_device_idx').on(t.deviceId, t.id),
    uniqueIndex('avatars_in_use_idx')
      .on(t.deviceId)
      .where(sql`${t.isInUse}`),
    check('avatars_status_check', sql`${t.status} in ('queued', 'producing', 'ready', 'failed')`),
    check('avatars_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/** Short-lived tokens that let the avatar player (`/avatar-player/`) load one avatar's model. */
export const avatarTokens = pgTable(
  'avatar_tokens',
  {
    /** SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('avatar_tokens_expires_idx').on(t.expiresAt)],
);
