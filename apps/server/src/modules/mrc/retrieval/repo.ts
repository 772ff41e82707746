import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { mrcDocuments as d, mrcPassages as p } from '../../../db/schema.js';
import type { IndexedPassage } from './bm25.js';

/** A device's documents in numbers; `version` changes whenever any of them changes. */
export interface DocumentStats {
  ready: number;
  scanning: number;
  passages: number;
  version: string;
}

/** What answering reads of a device's documents: the passages of its Ready ones. */
export function createRetrievalRepo(db: Db) {
  return {
    /** Every passage of the device's Ready documents, in document and passage order. */
    async passages(deviceId: number): Promise<IndexedPassage[]> {
      return db
        .select({
          id: p.id,
          documentId: p.documentId,
          filename: d.filename,
          ordinal: p.ordinal,
          page: p.page,
          heading: p.heading,
          text: p.text,
        })
        .from(p)
        .innerJoin(d, eq(d.id, p.documentId))
        .where(and(eq(p.deviceId, deviceId), eq(d.deviceId, deviceId), eq(d.status, 'Ready')))
        .orderBy(asc(p.documentId), asc(p.ordinal));
    },

    /** One cheap read: counts by status, Ready passages, and the newest change. */
    async stats(deviceId: number): Promise<DocumentStats> {
      const [row] = await db
        .select({
          ready: sql<number>`count(*) filter (where ${d.status} = 'Ready')`.mapWith(Number),
          scanning: sql<number>`count(*) filter (where ${d.status} = 'Scanning')`.mapWith(Number),
          passages: sql<number>`coalesce(sum(${d.passages}) filter (where ${d.status} = 'Ready'), 0)`.mapWith(
            Number,
          ),
          all: count(),
          newest: max(d.updatedAt),
        })
        .from(d)
        .where(eq(d.deviceId, deviceId));
      const newest = row?.newest ? new Date(row.newest).toISOString() : '';
      return {
        ready: row?.ready ?? 0,
        scanning: row?.scanning ?? 0,
        passages: row?.passages ?? 0,
        version: `${row?.all ?? 0}:${row?.ready ?? 0}:${newest}`,
      };
    },
  };
}

export type RetrievalRepo = ReturnType<typeof createRetrievalRepo>;
