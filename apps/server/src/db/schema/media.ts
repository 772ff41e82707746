/**
 * The media store (media/): uploaded files and the content-addressed blobs they hold.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

/** A smaller copy of a media file the server made: a thumbnail, a web-sized image, a video's poster. */
export interface MediaVariant {
  /** Its content-addressed name in the blob store (`<sha256>.<ext>`), served at /media/<file>. */
  file: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}
export type MediaVariants = Partial<Record<'thumb' | 'web' | 'poster', MediaVariant>>;
/** What the checks found besides the size: an animation's frames, a video's codecs. */
export interface MediaInfo {
  animated?: boolean;
  frames?: number;
  container?: string;
  video_codec?: string;
  audio_codec?: string | null;
}

/**
 * An uploaded file. Files stored before the media pipeline keep their random names (`filename`,
 * directly under DATA_DIR/media, `sha256` null); newer ones are content-addressed blobs
 * (`filename` = `<sha256>.<ext>`), shared by every row with the same bytes. `files` names every
 * blob the row holds (the original and its variants): a blob is deleted only when no row names it.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Uploads before the media pipeline were all images. */
    kind: text('kind', { enum: ['image', 'video', 'document'] })
      .notNull()
      .default('image'),
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    variants: jsonb('variants').$type<MediaVariants>().notNull().default({}),
    info: jsonb('info').$type<MediaInfo>().notNull().default({}),
    files: text('files')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_filename_idx').on(t.filename),
    index('media_project_idx').on(t.projectId),
    index('media_created_idx').on(t.createdAt),
    index('media_files_idx').using('gin', t.files),
  ],
);

/**
 * The content-addressed blobs in the blob store, one row per file (`<sha256>.<ext>`). The row is
 * also the lock that orders a save sharing a blob against a sweep deleting it (media/store.ts).
 */
export const mediaBlobs = pgTable('media_blobs', {
  name: text('name').primaryKey(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/**
 * The instances serving from a local media folder (media/disk-lease.ts), each start its own row,
 * kept alive by a heartbeat: a new instance refuses to start when a live one keeps its media on
 * another disk (its marker file is not in this one's folder), since each would 404 the other's.
 */
export const mediaInstances = pgTable('media_instances', {
  /** Random per start; the same name as its marker file, `<media dir>/.instances/<id>`. */
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  mediaDir: text('media_dir').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
