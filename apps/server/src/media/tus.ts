import { randomBytes } from 'node:crypto';
import {
  canOpen,
  MEDIA_KINDS,
  MEDIA_UPLOAD_PAGES,
  RESUMABLE_UPLOAD_EXPIRY_HOURS,
  RESUMABLE_UPLOADS_PATH,
  ZResumableUploadMetadata,
  isErrorCode,
  type MediaKind,
  type UploadResult,
} from '@ambassador/contracts';
import { ERRORS, MemoryLocker, Metadata, Server, type Locker, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { failure, ok } from '../lib/contract.js';
import { AppError, conflict, forbidden, notFound } from '../lib/errors.js';
import { validate } from '../lib/validate.js';
import { fileTooLarge, type MediaStore } from './store.js';
import { localTusBackend, type TusBackend } from './tus-backends.js';

/** Who is uploading: the session the guard authenticated. */
export interface Uploader {
  projectId: number;
  userId: number;
  pageAccess: Parameters<typeof canOpen>[0];
}

const GB = 1024 ** 3;
/**
 * What unfinished uploads may declare at once (a user declared 200 × 500 MB in 1.4 s): by default a
 * user 4 GB (eight of the largest videos), a project 10 GB (UPLOADS_IN_FLIGHT_*_MB), and never past
 * the disk less 1 GB (on a bucket, no disk limit). Counted from the unfinished uploads on the disk or in the bucket.
 */
export const UPLOADS_IN_FLIGHT = { perUser: 4 * GB, perProject: 10 * GB, keepFree: GB };

const sizeText = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${Math.round((10 * bytes) / 1024 ** 2) / 10} MB`;

/** How an upload ended: the media item it became, or the refusal its content earned. */
type Outcome = { ok: UploadResult } | { error: { status: number; code: string; message: string } };

interface ResultRecord {
  project_id: number;
  user_id: number;
  size: number;
  finished_at: string;
  outcome: Outcome;
}

/** The server's own metadata of an upload, written at creation (the client's is only read). */
interface Owned {
  projectId: number;
  userId: number;
  deviceId: number;
  kind: MediaKind;
  filename: string;
}

/** tus's own refusals, as codes a client can act on (its texts are English for developers). */
function tusCode(status: number) {
  if (status === 404) return 'not_found' as const;
  if (status === 409) return 'upload_offset_mismatch' as const;
  if (status === 410) return 'upload_expired' as const;
  if (status === 413) return 'file_too_large' as const;
  return 'upload_protocol' as const;
}

const TUS_MESSAGES: Record<number, string> = {
  404: 'This upload does not exist (it may have expired or been cancelled). Start it again.',
  409: 'The upload offset does not match what the server has: ask with HEAD and continue from there.',
  410: 'This upload expired before it was finished. Start it again.',
  412: 'Send the header Tus-Resumable: 1.0.0 (this is a tus 1.0 endpoint).',
  413: 'The chunk goes past the length declared for the upload.',
  501: 'This endpoint does not concatenate uploads (Upload-Concat): send the file as one upload.',
};

/** A refusal of tus (or of our hooks, already an envelope) as the AppError the app answers with. */
export function refusalOf(status: number, body: string): AppError {
  try {
    const parsed = JSON.parse(body) as { success?: unknown; error?: unknown; message?: unknown };
    if (parsed.success === false && isErrorCode(parsed.error) && typeof parsed.message === 'string') {
      return new AppError(status, parsed.error, parsed.message);
    }
  } catch {
    // tus's plain text
  }
  const message = TUS_MESSAGES[status] ?? (body.trim() || 'The upload request was not valid.');
  // 501: an extension this endpoint does not offer (concatenation) — the client's to change.
  if (status === 501) return new AppError(400, 'upload_protocol', message);
  return new AppError(status >= 500 ? 500 : status, tusCode(status), message);
}

/**
 * Resumable uploads (tus 1.0) for the media pipeline. Partial uploads are files under `dir`
 * (DATA_DIR/media/.tus) with their metadata beside them, or objects of the shared bucket with S3
 * (tus-backends.ts), so an upload survives a restart of the server and, on a bucket, takes its
 * chunks on any instance; when its last byte arrives it is streamed through the media store (checked by its bytes,
 * recorded as a media row) and removed. How it ended is kept for a day under `results/`, for a
 * client whose final answer was lost. Unfinished uploads expire after `expiryMs`.
 */
export function createResumableUploads({
  dir,
  media,
  devices,
  log,
  expiryMs = RESUMABLE_UPLOAD_EXPIRY_HOURS * 3_600_000,
  limits = UPLOADS_IN_FLIGHT,
  backend = localTusBackend(dir, media, expiryMs),
  locker = new MemoryLocker(),
}: {
  dir: string;
  /** Where partial uploads live: this disk by default, the shared bucket with S3 (tus-backends.ts). */
  backend?: TusBackend;
  /** One request per upload at a time: in memory for one instance, shared for several (tus-locker.ts). */
  locker?: Locker;
  media: MediaStore;
  devices: {
    checkScope(ids: number[], projectId: number): Promise<{ inProject: boolean; archived: boolean }>;
  };
  log: FastifyBaseLogger;
  expiryMs?: number;
  /** Declared bytes unfinished uploads may hold at once, and the disk kept free for the rest. */
  limits?: { perUser: number; perProject: number; keepFree: number };
}) {
  const store = backend.datastore;
  /** Finishing now, by upload id: the final PATCH and a result asked meanwhile share the work. */
  const finishing = new Map<string, Promise<Outcome>>();
  const largest = Math.max(...MEDIA_KINDS.map((k) => media.maxBytes(k)));

  const readResult = async (id: string): Promise<ResultRecord | undefined> => {
    try {
      const json = await backend.results.read(id);
      return json === undefined ? undefined : (JSON.parse(json) as ResultRecord);
    } catch {
      return undefined;
    }
  };

  function ownedBy(upload: Upload): Owned {
    const m = upload.metadata ?? {};
    return {
      projectId: Number(m.project_id),
      userId: Number(m.user_id),
      deviceId: Number(m.device_id),
      kind: m.kind === 'video' ? 'video' : 'image',
      filename: m.filename ?? 'file',
    };
  }

  /** `keep`: the tus files stay until `release` (the creating POST still reads them after the hook). */
  async function settle(upload: Upload, keep: boolean): Promise<Outcome> {
    const done = await readResult(upload.id);
    if (done) return done.outcome;
    const owner = ownedBy(upload);
    let outcome: Outcome;
    try {
      // The finished file is checked as its kind, wherever the backend keeps it.
      const saved = await backend.save(upload, {
        projectId: owner.projectId,
        userId: owner.userId,
        originalName: owner.filename,
        kind: owner.kind,
      });
      outcome = { ok: saved };
    } catch (e) {
      // Anything but a refusal of the file (the database away, a full disk) keeps the upload: the
      // client's next ask for the result tries again.
      if (!(e instanceof AppError)) throw e;
      outcome = { error: { status: e.status, code: e.code, message: e.message } };
    }
    const record: ResultRecord = {
      project_id: owner.projectId,
      user_id: owner.userId,
      size: upload.size ?? 0,
      finished_at: new Date().toISOString(),
      outcome,
    };
    await backend.results.write(upload.id, JSON.stringify(record));
    if (!keep) await store.remove(upload.id).catch(() => undefined);
    return outcome;
  }

  /** Stores a complete upload as media (once, however often asked); a refused file is its AppError. */
  async function finish(upload: Upload, keep = false): Promise<UploadResult> {
    let running = finishing.get(upload.id);
    if (!running) {
      running = settle(upload, keep).finally(() => finishing.delete(upload.id));
      finishing.set(upload.id, running);
    }
    const outcome = await running;
    if ('error' in outcome) {
      const { status, code, message } = outcome.error;
      throw new AppError(status, isErrorCode(code) ? code : 'unsupported_type', message);
    }
    return outcome.ok;
  }

  const tus = new Server({
    path: `/admin_panel${RESUMABLE_UPLOADS_PATH}`,
    datastore: store,
    relativeLocation: true,
    // Same origin only: no Access-Control-Allow-Origin.
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),
    maxSize: largest,
    locker,
    // The last chunk's answer carries the media item (or the file's refusal), as GET …/result does.
    // With creation-with-upload (the whole file in the POST) it also names the upload's address
    // (tus gives Location only with a 201), and its files stay until the route releases them: tus
    // reads the upload once more after this hook.
    onUploadFinish: async (req, upload) => {
      const creating = req.method === 'POST';
      const item = await finish(upload, creating);
      return {
        status_code: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(creating ? { Location: `/admin_panel${RESUMABLE_UPLOADS_PATH}/${upload.id}` } : {}),
        },
        body: JSON.stringify(ok(item, { message: 'Uploaded.' })),
      };
    },
    onResponseError: (_req, err) => {
      if (err instanceof AppError) {
        return { status_code: err.status, body: JSON.stringify(failure(err.message, err.code)) };
      }
      if (err instanceof Error) log.error({ err }, 'resumable upload failed');
      return undefined;
    },
  });

  /** Declared bytes of creations checked but not yet on disk (held under `admitting`). */
  const reserved = new Map<symbol, { projectId: number; userId: number; bytes: number }>();
  let admitting: Promise<unknown> = Promise.resolve();

  /** Every unfinished upload's declared size and owner: those on disk, and those being created. */
  async function inFlight() {
    const out = [...reserved.values()];
    for (const upload of await backend.unfinished()) {
      const owner = ownedBy(upload);
      out.push({ projectId: owner.projectId, userId: owner.userId, bytes: upload.size ?? 0 });
    }
    return out;
  }

  /**
   * Admits a declared length against what is unfinished already, per user, per project and on the
   * disk (with room kept for the rest of the server), and holds it until `done` (by then tus has
   * written the upload's record, which counts from there). One admission at a time, so a burst of
   * creations cannot all pass the same count.
   */
  async function admit(who: Uploader, bytes: number): Promise<() => void> {
    const turn = admitting.then(async () => {
      const open = await inFlight();
      const sum = (rows: typeof open) => rows.reduce((s, r) => s + r.bytes, 0);
      const mine = sum(open.filter((r) => r.userId === who.userId && r.projectId === who.projectId));
      const project = sum(open.filter((r) => r.projectId === who.projectId));
      if (mine + bytes > limits.perUser || project + bytes > limits.perProject) {
        throw new AppError(
          429,
          'uploads_in_flight',
          `Unfinished uploads may declare at most ${sizeText(limits.perUser)} per user and ${sizeText(limits.perProject)} per project at once: ` +
            `${sizeText(mine + bytes)} would be yours, ${sizeText(project + bytes)} the project's. Finish or cancel some first.`,
        );
      }
      const free = await backend.freeBytes();
      if (free !== null && sum(open) + bytes > free - limits.keepFree) {
        throw new AppError(507, 'storage_full', 'The server has no room on its disk for this upload.');
      }
      const key = Symbol('upload');
      reserved.set(key, { projectId: who.projectId, userId: who.userId, bytes });
      return () => void reserved.delete(key);
    });
    admitting = turn.catch(() => undefined);
    return turn;
  }

  /** The upload, if it exists and is the caller's (another user's or project's is a 404). */
  async function own(id: string, who: Uploader): Promise<Upload | undefined> {
    let upload: Upload;
    try {
      upload = await store.getUpload(id);
    } catch (e) {
      if (e === ERRORS.FILE_NOT_FOUND || e === ERRORS.FILE_NO_LONGER_EXISTS) return undefined;
      throw e;
    }
    const owner = ownedBy(upload);
    if (owner.projectId !== who.projectId || owner.userId !== who.userId) {
      throw notFound('This upload does not exist.');
    }
    return upload;
  }

  return {
    tus,

    /** A finished upload's tus files, once its creating POST has been answered. */
    release: (id: string) => store.remove(id).catch(() => undefined),

    /**
     * Checks a creation before any byte is stored: the caller may upload, names a device of its
     * project, a known kind, a declared length within the kind's limit. Answers the metadata tus
     * is to keep: the client's checked fields and the owner, which later requests are matched to.
     */
    async authorize(who: Uploader, header: string | undefined, length: string | undefined) {
      if (!MEDIA_UPLOAD_PAGES.some((page) => canOpen(who.pageAccess, page))) {
        throw forbidden('Your role does not have access to a page that takes uploads.');
      }
      let raw: Record<string, string | null>;
      try {
        raw = header ? Metadata.parse(header) : {};
      } catch {
        throw new AppError(
          400,
          'upload_protocol',
          'Upload-Metadata is not valid: comma-separated pairs of a key and a base64 value.',
        );
      }
      const meta = validate(ZResumableUploadMetadata, raw);
      const { inProject, archived } = await devices.checkScope([meta.device_id], who.projectId);
      if (!inProject) throw forbidden('This device is not in your project.');
      if (archived) {
        throw conflict(
          'This device is archived. Restore it in Admin Settings → Devices to work on it again.',
          'device_archived',
        );
      }
      if (length === undefined || !/^\d{1,16}$/.test(length)) {
        throw new AppError(
          400,
          'upload_length_required',
          'Declare the file size in Upload-Length (deferred lengths are not accepted).',
        );
      }
      const limit = media.maxBytes(meta.kind);
      if (Number(length) > limit) throw fileTooLarge(limit);
      if (Number(length) === 0) throw new AppError(400, 'empty_file', 'The file is empty.');
      const done = await admit(who, Number(length));
      const metadata = Metadata.stringify({
        device_id: String(meta.device_id),
        kind: meta.kind,
        filename: meta.filename,
        project_id: String(who.projectId),
        user_id: String(who.userId),
      });
      return { metadata, done };
    },

    /** Refuses an upload that is not the caller's; a finished one answers as tus would at its end. */
    async access(id: string, who: Uploader): Promise<{ finished?: { size: number } }> {
      const upload = await own(id, who);
      if (upload) return {};
      const done = await readResult(id);
      if (!done || done.project_id !== who.projectId || done.user_id !== who.userId) {
        throw notFound('This upload does not exist (it may have expired or been cancelled).');
      }
      return { finished: { size: done.size } };
    },

    /**
     * How an upload ended: its media item, or the refusal of its content. An upload complete on
     * disk but never stored (the server stopped while storing it) is stored now.
     */
    async result(id: string, who: Uploader): Promise<UploadResult> {
      const upload = await own(id, who);
      if (upload) {
        if (upload.size === undefined || upload.offset < upload.size) {
          throw new AppError(
            409,
            'upload_incomplete',
            `The upload is not complete: ${upload.offset} of ${upload.size ?? '?'} bytes have arrived.`,
          );
        }
        return finish(upload);
      }
      const done = await readResult(id);
      if (!done || done.project_id !== who.projectId || done.user_id !== who.userId) {
        throw notFound('This upload does not exist (it may have expired or been cancelled).');
      }
      if ('error' in done.outcome) {
        const { status, code, message } = done.outcome.error;
        throw new AppError(status, isErrorCode(code) ? code : 'unsupported_type', message);
      }
      return done.outcome.ok;
    },

    /**
     * Housekeeping: unfinished uploads past their expiry, with what arrived of them, and results
     * older than the same period. Answers how many of each went.
     */
    async expire() {
      const uploads = await tus.cleanUpExpiredUploads();
      const results = await backend.results.expire(expiryMs);
      return { uploads, results };
    },
  };
}

export type ResumableUploads = ReturnType<typeof createResumableUploads>;
