/**
 * Document scanning (modules/mrc): documents and their passages.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { deviceRef } from './devices.js';
import { media } from './media.js';
import { users } from './users.js';

/** A document uploaded for scanning, per device. Removed ones stay (hidden) until the sweep. */
export const mrcDocuments = pgTable(
  'mrc_documents',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    /** The original, in the media pipeline (kind `document`); null once released. */
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    format: text('format', { enum: ['pdf', 'docx', 'txt', 'html', 'markdown'] }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['Scanning', 'Ready', 'Failed', 'Removed'] })
      .notNull()
      .default('Scanning'),
    failure: text('failure'),
    failureDetail: text('failure_detail'),
    pages: integer('pages'),
    language: text('language'),
    characters: integer('characters'),
    passages: integer('passages').notNull().default(0),
    scanMs: integer('scan_ms'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mrc_documents_device_idx').on(t.deviceId, t.createdAt),
    index('mrc_documents_media_idx').on(t.mediaId),
    check('mrc_documents_status_check', sql`${t.status} in ('Scanning', 'Ready', 'Failed', 'Removed')`),
  ],
);

/** A passage of a scanned document: the unit documents are searched and answered by. */
export const mrcPassages = pgTable(
  'mrc_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => mrcDocuments.id, { onDelete: 'cascade' }),
    /** Denormalized: a device's index loads by it. */
    deviceId: deviceRef(),
    ordinal: integer('ordinal').notNull(),
    page: integer('page'),
    heading: text('heading'),
    text: text('text').notNull(),
  },
  (t) => [
    index('mrc_passages_device_idx').on(t.deviceId),
    uniqueIndex('mrc_passages_document_idx').on(t.documentId, t.ordinal),
  ],
);
