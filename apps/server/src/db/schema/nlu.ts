/**
 * Stored sentence embeddings (nlu/).
 */
import { customType, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from './devices.js';

/** Raw bytes (a vector's float32 values, little-endian). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Sentence embeddings of a device's texts (taught phrases, aliases, location names and categories,
 * small-talk entries, document passages), stored so that start-up and rebuilds read them instead of
 * embedding again (nlu/vectors.ts). Keyed by the text's hash under one model: changing the model
 * embeds afresh beside the old vectors; a text no longer used is pruned by its source's next build.
 */
export const textVectors = pgTable(
  'text_vectors',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Which area's texts: topics, locations, small_talk, documents. */
    source: text('source').notNull(),
    model: text('model').notNull(),
    /** query or passage: e5-style models embed the two sides differently. */
    kind: text('kind').notNull(),
    /** sha256 of the text, hex. */
    textHash: text('text_hash').notNull(),
    dim: smallint('dim').notNull(),
    vector: bytea('vector').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('text_vectors_pk_idx').on(t.deviceId, t.source, t.model, t.kind, t.textHash)],
);
