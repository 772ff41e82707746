import {
  LIVE_EVENT,
  MRC_MAX_DOCUMENTS,
  MRC_MAX_PAGES,
  type Language,
  type MrcDocument,
  type MrcFailure,
  type MrcFormat,
  type MrcStatus,
  type MrcUploadResult,
} from '@ambassador/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound, operatorText } from '../../lib/errors.js';
import { BlobMissing } from '../../media/blob-store.js';
import { DOCUMENT_KIND, saveBatch, type IncomingFile } from '../../media/batch.js';
import { displayName, type MediaStore } from '../../media/store.js';
import type { JobContext, JobQueue } from '../../jobs/types.js';
import type { Notifier } from '../../realtime/types.js';
import { ScanFailure, type ExtractDocument, type ToPassages } from './extract/types.js';
import type { MrcListFilter, MrcRepo, MrcRow } from './repo.js';

/** The job that scans one document (`{document_id}`), one queued at a time per document. */
export const MRC_SCAN_JOB = 'mrc-scan';
const scanKey = (id: number) => `${MRC_SCAN_JOB}:${id}`;
/** Text characters a document may have at most (about 2,500 pages of prose). */
export const MRC_MAX_CHARACTERS = 5_000_000;

const FORMAT_BY_MIME: Record<string, MrcFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/markdown': 'markdown',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Where the console downloads a document's original. */
export const documentFileUrl = (id: number) => `/admin_panel/mrc/${id}/file`;

const toDocument = (r: MrcRow, interrupted = false): MrcDocument => ({
  id: r.id,
  filename: r.filename,
  format: r.format,
  status: r.status,
  failure: r.failure as MrcFailure | null,
  interrupted,
  failure_detail: r.failureDetail === null ? null : operatorText(r.failureDetail),
  pages: r.pages,
  language: r.language as Language | null,
  language_offered: r.languageOffered,
  passages: r.passages,
  size: r.size,
  url: documentFileUrl(r.id),
  create_datetime: r.createdAt.toISOString(),
  scanned_at: iso(r.scannedAt),
  scan_ms: r.scanMs,
});

export interface MrcDeps {
  repo: MrcRepo;
  media: MediaStore;
  jobs: JobQueue;
  extract: ExtractDocument;
  toPassages: ToPassages;
  /** The language of a text, for documents whose extraction could not tell. */
  detectLanguage?: (text: string) => Language | null;
  notifier: Notifier;
  clock: Clock;
  /** A device's documents changed (Ready, Failed, Removed): its retrieval index is rebuilt. */
  changed?: (deviceId: number) => void;
}

/**
 * Document scanning (MRC): a device's documents, uploaded into the media pipeline and read
 * by a durable background job (`mrc-scan`) into passages. Routes reach this with a device the guard
 * checked; calls naming a document by id alone are scoped to the caller's project here.
 */
/**
 * A scan's lease: renewed every 6.7 s while it runs (the queue's heartbeat, lease/3), so a worker
 * killed mid-scan loses its job within 20 s, another instance's next poll (5 s) takes it: resumed in
 * under 30 s (it was 10 minutes: a document stayed Scanning for 603 s).
 */
export const SCAN_LEASE_MS = 20_000;

/** A scan that broke inside (not a refusal of the file): what the operator reads. */
export const SCAN_ERROR_DETAIL =
  'The scan stopped with an unexpected error (recorded in the server log). Upload the document again; if it fails again, save it in another format.';

/** The original is not in the media storage this server reads (what the operator reads). */
export const FILE_MISSING_DETAIL =
  "The original file is not in this server's media storage. Upload the document again; if several servers share the work, they must share their media storage (docs/operations.md).";

export function createMrcService({
  repo,
  media,
  jobs,
  extract,
  toPassages,
  detectLanguage,
  notifier,
  clock,
  changed = () => undefined,
}: MrcDeps) {
  const tooMany = () =>
    conflict(
      `A device holds at most ${MRC_MAX_DOCUMENTS} documents. Delete some before adding more.`,
      'too_many_documents',
    );

  /** A document of the caller's project; another project's, or a removed one, is a 404. */
  async function ownDocument(projectId: number, id: number) {
    const row = await repo.find(id, projectId);
    if (!row) throw notFound('This document does not exist (it may have been deleted).');
    return row;
  }

  /** Tells the console (and the retrieval index) that a document's status changed. */
  async function announce(id: number, deviceId: number, status: MrcStatus) {
    if (status !== 'Scanning') changed(deviceId);
    const projectId = await repo.projectOf(deviceId);
    if (projectId !== null) {
      notifier.toProject(projectId, { name: LIVE_EVENT.mrcDocument, device_id: deviceId, id, status });
    }
  }

  const enqueueScan = (id: number) => jobs.enqueue(MRC_SCAN_JOB, { document_id: id }, { key: scanKey(id) });

  /** Reads a document into passages; a ScanFailure makes it Failed, anything else is retried. */
  async function scan(job: JobContext<{ document_id?: unknown }>) {
    const id = Number(job.payload.document_id);
    const row = Number.isInteger(id) ? await repo.find(id) : null;
    if (!row || row.status === 'Removed') return;
    const started = Date.now();
    try {
      const file = row.mediaId === null ? null : await repo.mediaFile(row.mediaId);
      if (!file) throw new ScanFailure('file_missing', FILE_MISSING_DETAIL);
      const extracted = await media
        .withBlobFile(file.filename, (path) =>
          extract(path, row.format, {
            maxPages: MRC_MAX_PAGES,
            maxCharacters: MRC_MAX_CHARACTERS,
            signal: job.signal,
          }),
        )
        .catch((e: unknown) => {
          // Not in the storage this instance reads (the store logged where it looked): retrying
          // cannot help, and the operator is told what to do.
          if (e instanceof BlobMissing) throw new ScanFailure('file_missing', FILE_MISSING_DETAIL);
          throw e;
        });
      const passages = toPassages(extracted.blocks);
      if (passages.length === 0) {
        throw new ScanFailure('no_text', 'The document has no text to read (it may be scanned images).');
      }
      const language =
        extracted.language ??
        detectLanguage?.(
          passages
            .map((x) => x.text)
            .join('\n')
            .slice(0, 20_000),
        ) ??
        null;
      const saved = await repo.saveScan(id, row.deviceId, {
        pages: extracted.pages,
        language,
        characters: extracted.characters,
        scanMs: Date.now() - started,
        scannedAt: clock.now(),
        passages,
      });
      if (saved) await announce(id, row.deviceId, 'Ready');
    } catch (e) {
      if (!(e instanceof ScanFailure)) throw e;
      if (await repo.setStatus(id, 'Failed', { code: e.code, detail: e.detail }, clock.now())) {
        await announce(id, row.deviceId, 'Failed');
      }
    }
  }

  return {
    /** What a bulk delete and its undo tell (modules/mrc/bulk.ts). */
    announce,
    /** A document put back while it was being scanned: scanned again. */
    requeue: enqueueScan,
    /** One page of a device's documents (Removed ones never) and how many match. */
    async list(deviceId: number, filter: MrcListFilter) {
      const { rows, total } = await repo.list(deviceId, filter);
      // Only documents being scanned have a job to be interrupted.
      const scanning = rows.filter((r) => r.status === 'Scanning').map((r) => scanKey(r.id));
      const interrupted = await jobs.interrupted(MRC_SCAN_JOB, scanning);
      return { documents: rows.map((r) => toDocument(r, interrupted.has(scanKey(r.id)))), total };
    },

    /**
     * Stores each file through the media pipeline (a document by its bytes, at most
     * DOCUMENT_UPLOAD_MAX_BYTES) as a new document of the device, Scanning, and queues its scan.
     * Each file on its own: a refused one (its type, its size, the device full) is listed in
     * `refused` with why, and stores nothing, while the others go on.
     */
    async upload(
      actor: { projectId: number; userId: number | null },
      deviceId: number,
      files: AsyncIterable<IncomingFile>,
    ): Promise<MrcUploadResult> {
      const created: number[] = [];
      const refused: MrcUploadResult['refused'] = [];
      let room: number | undefined;
      for await (const file of files) {
        const filename = displayName(file.filename);
        room ??= MRC_MAX_DOCUMENTS - (await repo.count(deviceId));
        try {
          if (room <= created.length) {
            file.stream.resume();
            throw tooMany();
          }
          let id = 0;
          await saveBatch(media, actor, [file], {
            kind: DOCUMENT_KIND,
            room: 1,
            full: tooMany,
            commit: async ([mediaId]) => {
              const saved = (await repo.mediaFile(mediaId!))!;
              id = await repo.insert({
                deviceId,
                mediaId: mediaId!,
                filename,
                format: FORMAT_BY_MIME[saved.mime] ?? 'txt',
                size: saved.size,
                createdBy: actor.userId,
                createdAt: clock.now(),
              });
            },
          });
          created.push(id);
          await enqueueScan(id);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          // saveBatch names the file in its message; the entry names it already.
          const message = e.message.startsWith(`${file.filename}: `)
            ? e.message.slice(file.filename.length + 2)
            : e.message;
          refused.push({ filename, error: e.code, message });
        }
      }
      if (created.length === 0 && refused.length === 0) {
        throw new AppError(400, 'no_file', 'No file was sent.');
      }
      const documents: MrcDocument[] = [];
      for (const id of created) {
        const row = await repo.find(id);
        if (row) documents.push(toDocument(row));
      }
      for (const id of created) await announce(id, deviceId, 'Scanning');
      return { documents, refused };
    },

    /** Removes a document: hidden, its passages deleted, its original released to the media sweep. */
    async remove(deviceId: number, id: number) {
      if (!(await repo.remove(id, deviceId))) {
        throw notFound('This document does not exist on this device (it may already be deleted).');
      }
      await announce(id, deviceId, 'Removed');
    },

    /** Scans a document again (a Failed one, or after the extraction improved); 409 while scanning. */
    async rescan(actor: { projectId: number }, id: number) {
      const row = await ownDocument(actor.projectId, id);
      if (row.status === 'Scanning') {
        throw conflict('This document is being scanned already. Wait until it is done.', 'document_busy');
      }
      await repo.setStatus(id, 'Scanning');
      await enqueueScan(id);
      await announce(id, row.deviceId, 'Scanning');
      return toDocument((await repo.find(id))!);
    },

    /** The original file to download, with the name it was uploaded with. */
    async file(actor: { projectId: number }, id: number) {
      const row = await ownDocument(actor.projectId, id);
      const stored = row.mediaId === null ? null : await repo.mediaFile(row.mediaId);
      const blob = stored ? await media.find(stored.filename) : null;
      if (!stored || !blob) throw notFound('The original of this document is no longer stored.');
      return { filename: row.filename, mime: stored.mime, size: blob.size, open: () => blob.open() };
    },

    /** The scanned text, passage by passage. */
    async text(actor: { projectId: number }, id: number) {
      const row = await ownDocument(actor.projectId, id);
      return { document: toDocument(row), passages: await repo.passages(id) };
    },

    /** Registers the scan job's handler on the queue (before it starts). */
    registerJobs() {
      jobs.register(MRC_SCAN_JOB, scan, {
        // One scan at a time per instance: extraction is heavy, the machine is shared.
        concurrency: 1,
        leaseMs: SCAN_LEASE_MS,
        onFailed: async ({ payload }) => {
          const id = Number(payload.document_id);
          const row = Number.isInteger(id) ? await repo.find(id) : null;
          if (!row) return;
          // What broke is in the server's log (the queue logs `error`); the operator reads what to do.
          if (
            await repo.setStatus(id, 'Failed', { code: 'scan_error', detail: SCAN_ERROR_DETAIL }, clock.now())
          ) {
            await announce(id, row.deviceId, 'Failed');
          }
        },
      });
    },
  };
}

export type MrcService = ReturnType<typeof createMrcService>;
