import { and, asc, count, desc, eq, ilike, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { MrcFailure, MrcFormat, MrcStatus } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import { devices, media, mrcDocuments as d, mrcPassages as p } from '../../db/schema.js';
import type { MediaReferenceSource } from '../../media/repo.js';
import type { SearchSource } from '../../core/module.js';
import { hitOf, holds } from '../../lib/search-text.js';
import { closestFirst, likePattern } from '../../lib/sql.js';
import { anyId, putRowsBack, rowsImage, setColumnsBack } from '../../lib/row-images.js';
import type { PassageDraft } from './extract/types.js';

export type MrcSort = 'filename' | 'status' | 'create_datetime' | 'pages' | 'language';

export interface MrcListFilter {
  search: string;
  language?: string;
  limit: number;
  offset: number;
  sortBy: MrcSort;
  order: 'asc' | 'desc';
}

const SORTS: Record<MrcSort, AnyColumn> = {
  filename: d.filename,
  status: d.status,
  create_datetime: d.createdAt,
  pages: d.pages,
  language: d.language,
};

/** What a scan records when it succeeds. */
export interface ScanResult {
  pages: number;
  language: string | null;
  characters: number;
  scanMs: number;
  scannedAt: Date;
  passages: PassageDraft[];
}

const listed = ne(d.status, 'Removed');
/** A delete's before-image: what it set on the documents, and their passages. */
export interface RemovedImage {
  documents: Record<string, unknown>[];
  passages: Record<string, unknown>[];
}

/** A device's scanned documents and their passages, always read and written by device (or project). */
export function createMrcRepo(db: Db) {
  const columns = {
    id: d.id,
    deviceId: d.deviceId,
    mediaId: d.mediaId,
    filename: d.filename,
    format: d.format,
    size: d.size,
    status: d.status,
    failure: d.failure,
    failureDetail: d.failureDetail,
    pages: d.pages,
    language: d.language,
    characters: d.characters,
    passages: d.passages,
    scanMs: d.scanMs,
    createdAt: d.createdAt,
    scannedAt: d.scannedAt,
    /** Whether the device offers the detected language (an undetected one warns of nothing). */
    languageOffered: sql<boolean>`(${d.language} is null or ${devices.languages} @> to_jsonb(${d.language}))`,
  };
  const select = () => db.select(columns).from(d).innerJoin(devices, eq(devices.id, d.deviceId));

  return {
    /** One page of the device's documents (Removed ones never), and how many match in all. */
    async list(deviceId: number, f: MrcListFilter) {
      const where = and(
        eq(d.deviceId, deviceId),
        listed,
        f.search ? ilike(d.filename, likePattern(f.search)) : undefined,
        f.language ? eq(d.language, f.language) : undefined,
      );
      const dir = f.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(sql`${dir(SORTS[f.sortBy])} nulls last`, dir(d.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(d).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The device's documents that count towards its limit (every one not Removed). */
    async count(deviceId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(d)
        .where(and(eq(d.deviceId, deviceId), listed));
      return row?.n ?? 0;
    },

    /** A document of the project (not Removed), with its device; null when there is none. */
    async find(id: number, projectId?: number) {
      const [row] = await select()
        .where(
          and(eq(d.id, id), listed, projectId === undefined ? undefined : eq(devices.projectId, projectId)),
        )
        .limit(1);
      return row ?? null;
    },

    async insert(row: {
      deviceId: number;
      mediaId: number;
      filename: string;
      format: MrcFormat;
      size: number;
      createdBy: number | null;
      createdAt: Date;
    }) {
      const [saved] = await db
        .insert(d)
        .values({ ...row, status: 'Scanning' })
        .returning({ id: d.id });
      return saved!.id;
    },

    /** The stored original of a document: its blob's name. */
    async mediaFile(mediaId: number) {
      const [row] = await db
        .select({ filename: media.filename, mime: media.mime, size: media.size })
        .from(media)
        .where(eq(media.id, mediaId));
      return row ?? null;
    },

    /**
     * Sets a document's status (and clears a failure), unless it is Removed; answers whether it
     * was changed.
     */
    async setStatus(
      id: number,
      status: MrcStatus,
      failure: { code: MrcFailure; detail: string } | null = null,
      at?: Date,
    ) {
      const rows = await db
        .update(d)
        .set({
          status,
          failure: failure?.code ?? null,
          failureDetail: failure?.detail ?? null,
          ...(at ? { scannedAt: at, updatedAt: at } : {}),
        })
        .where(and(eq(d.id, id), listed))
        .returning({ id: d.id });
      return rows.length > 0;
    },

    /** A finished scan: the passages replaced and the document Ready, together; false when Removed meanwhile. */
    async saveScan(id: number, deviceId: number, r: ScanResult) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(d)
          .set({
            status: 'Ready',
            failure: null,
            failureDetail: null,
            pages: r.pages,
            language: r.language,
            characters: r.characters,
            passages: r.passages.length,
            scanMs: r.scanMs,
            scannedAt: r.scannedAt,
            updatedAt: r.scannedAt,
          })
          .where(and(eq(d.id, id), listed))
          .returning({ id: d.id });
        if (rows.length === 0) return false;
        await tx.delete(p).where(eq(p.documentId, id));
        // In slices: a long document has thousands of passages, and a statement has a parameter limit.
        for (let i = 0; i < r.passages.length; i += 1_000) {
          await tx.insert(p).values(
            r.passages.slice(i, i + 1_000).map((x) => ({
              documentId: id,
              deviceId,
              ordinal: x.ordinal,
              page: x.page,
              heading: x.heading,
              text: x.text,
            })),
          );
        }
        return true;
      });
    },

    /** Removes a document: hidden from now on, its passages gone, its original left to the sweep. */
    async remove(id: number, deviceId: number) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(d)
          .set({ status: 'Removed', mediaId: null, passages: 0 })
          .where(and(eq(d.id, id), eq(d.deviceId, deviceId), listed))
          .returning({ id: d.id });
        if (rows.length === 0) return false;
        await tx.delete(p).where(eq(p.documentId, id));
        return true;
      });
    },

    /** The project a device is in (null when it is gone). */
    async projectOf(deviceId: number) {
      const [row] = await db
        .select({ projectId: devices.projectId })
        .from(devices)
        .where(eq(devices.id, deviceId));
      return row?.projectId ?? null;
    },

    /** The device's documents (not Removed) among `ids` or matching the list's search, at most `max` + 1. */
    async pick(tx: Db, deviceId: number, selection: { ids: number[] } | { search: string }, max: number) {
      return tx
        .select({ id: d.id, name: d.filename })
        .from(d)
        .where(
          and(
            eq(d.deviceId, deviceId),
            listed,
            'ids' in selection
              ? sql`${d.id} = any(${`{${selection.ids.join(',')}}`}::int[])`
              : selection.search
                ? ilike(d.filename, likePattern(selection.search))
                : undefined,
          ),
        )
        .orderBy(asc(d.id))
        .limit(max + 1);
    },

    /** Removes the documents as `remove` does, in `tx`, keeping what putting them back needs. */
    async removeWithImage(tx: Db, ids: number[]): Promise<RemovedImage> {
      const documents = await rowsImage(tx, 'mrc_documents', anyId('id', ids), [
        'status',
        'media_id',
        'passages',
      ]);
      const passages = await rowsImage(tx, 'mrc_passages', anyId('document_id', ids));
      await tx.update(d).set({ status: 'Removed', mediaId: null, passages: 0 }).where(anyId('id', ids));
      await tx.delete(p).where(anyId('document_id', ids));
      return { documents, passages };
    },
    /** Undoes `removeWithImage`: status, file and passages back (only documents still Removed). */
    async putBackRemoved(tx: Db, image: RemovedImage) {
      const ids = image.documents.map((r) => Number(r.id));
      const still = await tx
        .select({ id: d.id })
        .from(d)
        .where(and(anyId('id', ids), eq(d.status, 'Removed')));
      const back = new Set(still.map((r) => r.id));
      await setColumnsBack(
        tx,
        'mrc_documents',
        ['status', 'media_id', 'passages'],
        image.documents.filter((r) => back.has(Number(r.id))),
      );
      await putRowsBack(
        tx,
        'mrc_passages',
        image.passages.filter((r) => back.has(Number(r.document_id))),
      );
      return image.documents.filter((r) => back.has(Number(r.id)));
    },

    async passages(documentId: number) {
      return db
        .select({ id: p.id, ordinal: p.ordinal, page: p.page, heading: p.heading, text: p.text })
        .from(p)
        .where(eq(p.documentId, documentId))
        .orderBy(asc(p.ordinal));
    },
  };
}

export type MrcRepo = ReturnType<typeof createMrcRepo>;
export type MrcRow = NonNullable<Awaited<ReturnType<MrcRepo['find']>>>;

/** Originals of the documents not removed: the media sweep keeps them. */
export const mrcMediaReferences: MediaReferenceSource = {
  name: 'scanned documents',
  ids: sql`select media_id from mrc_documents where status <> 'Removed' and media_id is not null`,
};

/** What search finds of the documents: by file name (a removed one is gone for the operator). */
export function mrcSearchSources(db: Db): SearchSource[] {
  return [
    {
      kind: 'document',
      page: '/ai',
      async find({ deviceId }, text, limit) {
        const rows = await db
          .select({ id: d.id, filename: d.filename, status: d.status })
          .from(d)
          .where(and(eq(d.deviceId, deviceId), ne(d.status, 'Removed'), holds([d.filename], text)))
          .orderBy(...closestFirst(d.filename, text), d.id)
          .limit(limit);
        return rows.map((r) => hitOf('document', r.id, r.filename, { state: r.status }));
      },
    },
  ];
}
