import { once } from 'node:events';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import {
  DOCUMENT_TYPES,
  DOCUMENT_UPLOAD_MAX_BYTES,
  IMAGE_TYPES,
  IMAGE_UPLOAD_MAX_BYTES,
  VIDEO_TYPES,
  VIDEO_UPLOAD_MAX_BYTES,
  type MediaKind,
} from '@ambassador/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { MediaInfo, MediaVariant, MediaVariants } from '../db/schema.js';
import { AppError, notFound } from '../lib/errors.js';
import type { Clock } from '../lib/clock.js';
import {
  BlobMissing,
  createLocalBlobStore,
  isBlobKey,
  storageUnreadable,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';
import { textTypeOf } from './documents.js';
import { checkImage, type MadeImage } from './images.js';
import { createMediaRepo, type BlobRow, type MediaReferenceSource } from './repo.js';
import { mediaUrl, mediaUrls } from './urls.js';
import { createVideoTools, type VideoTools } from './video.js';

export interface SaveOptions {
  projectId: number;
  userId: number | null;
  originalName: string;
  /** Accepts this kind's types (IMAGE_TYPES, VIDEO_TYPES, DOCUMENT_TYPES) up to its configured limit. */
  kind?: MediaKind;
  /** At most this many bytes; lowers the kind's limit, never raises it. */
  maxBytes?: number;
  /**
   * MIME types accepted, decided from the file's bytes, never its name or the client's claim
   * (the form before `kind`; without either, any image or video type).
   */
  accept?: readonly string[];
  /** What to call the accepted kinds in an error ("a PNG, JPEG, GIF or WebP image"). */
  acceptLabel?: string;
}

/** What a save answers: the original's address, its checked type and size, and its variants'. */
export interface SavedMedia {
  media_id: number;
  url: string;
  mime: string;
  size: number;
  filename: string;
  kind: MediaKind;
  sha256: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  thumb_url: string | null;
  web_url: string | null;
  poster_url: string | null;
}

export interface MediaLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
  documentMaxBytes: number;
  /** The most pixels (width × height) an image may have. */
  maxPixels: number;
  /** How long an upload nothing uses is kept. */
  graceMs: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  imageMaxBytes: IMAGE_UPLOAD_MAX_BYTES,
  videoMaxBytes: VIDEO_UPLOAD_MAX_BYTES,
  documentMaxBytes: DOCUMENT_UPLOAD_MAX_BYTES,
  maxPixels: 50_000_000,
  graceMs: 24 * 3_600_000,
};

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'file_too_large', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);

const LABELS: Record<MediaKind | 'any', string> = {
  image: 'a PNG, JPEG, GIF or WebP image',
  video: 'an MP4 or WebM video',
  document: 'a PDF, Word (DOCX), text, HTML or Markdown document',
  any: 'an image (PNG, JPEG, GIF, WebP) or a video (MP4, WebM)',
};

/** The type a file's name says, for serving: only types the pipeline stores. */
const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};
/** A file stored before the media pipeline, directly under DATA_DIR/media with a random name. */
const LEGACY_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]{1,8})?$/;

/**
 * The name a client gave its file, kept only as a label: control characters (NUL included) and
 * broken Unicode are dropped, and it is cut at 255 characters (never inside a character).
 */
export function displayName(name: string) {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f\p{Cs}]/gu, '').trim();
  return [...cleaned].slice(0, 255).join('') || 'file';
}

async function sha256File(file: string) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const isVideoType = (mime: string) => (VIDEO_TYPES as readonly string[]).includes(mime);
const isDocumentType = (mime: string) => (DOCUMENT_TYPES as readonly string[]).includes(mime);
const kindOfType = (mime: string): MediaKind =>
  isVideoType(mime) ? 'video' : isDocumentType(mime) ? 'document' : 'image';
/** Text documents have no magic numbers: their type is read from the text itself. */
const TEXT_TYPES: readonly string[] = ['text/plain', 'text/html', 'text/markdown'];

/**
 * The media pipeline: every uploaded image and video goes through here. A file is streamed to a
 * work file while its size is counted and its SHA-256 computed, checked by its bytes (magic
 * numbers, then decoded: sharp for images, ffprobe/ffmpeg for videos), given its variants
 * (thumbnail, web-sized image, poster), and stored content-addressed: identical bytes are stored
 * once, whoever uploads them. Media nothing uses any longer are deleted by `sweep`.
 */
export function createMediaStore({
  dir,
  db,
  clock,
  limits: limitOptions,
  blobs = createLocalBlobStore(dir),
  video = createVideoTools({ ffprobe: 'ffprobe', ffmpeg: 'ffmpeg' }),
  log,
}: {
  dir: string;
  db: Db;
  clock: Clock;
  /** Where the detail of a storage failure goes (never to an operator: it names server paths). */
  log?: { warn(obj: object, msg?: string): void };
  limits?: Partial<MediaLimits>;
  blobs?: BlobStore;
  video?: VideoTools;
}) {
  const limits = { ...DEFAULT_MEDIA_LIMITS, ...limitOptions };
  const tmpDir = path.join(dir, '.incoming');
  const repo = createMediaRepo(db);
  const sources: MediaReferenceSource[] = [];
  const kindLimit = (kind: MediaKind) =>
    kind === 'video'
      ? limits.videoMaxBytes
      : kind === 'document'
        ? limits.documentMaxBytes
        : limits.imageMaxBytes;

  const acceptOf = (opts: SaveOptions): readonly string[] =>
    opts.accept ??
    (opts.kind === 'image'
      ? IMAGE_TYPES
      : opts.kind === 'video'
        ? VIDEO_TYPES
        : opts.kind === 'document'
          ? DOCUMENT_TYPES
          : [...IMAGE_TYPES, ...VIDEO_TYPES]);
  /** The most bytes to read before the type is known. */
  const streamLimit = (opts: SaveOptions) => {
    const accept = acceptOf(opts);
    const kinds = [...new Set(accept.map(kindOfType))];
    return Math.min(opts.maxBytes ?? Infinity, Math.max(...kinds.map(kindLimit)));
  };

  /**
   * Decodes a file of an accepted type: its size in pixels (and a video's length and codecs), and
   * the variants made from it, as work files beside it.
   */
  async function inspect(kind: MediaKind, work: string, mime: string, size: number) {
    const workPath = (suffix: string) => `${work}.${suffix}`;
    const made: Array<[keyof MediaVariants, MadeImage]> = [];
    // A document is stored as sent: its text is read by the area that uses it (document scanning).
    if (kind === 'document') return { width: null, height: null, durationMs: null, info: {}, made };
    if (kind === 'image') {
      const image = await checkImage(work, { maxPixels: limits.maxPixels, size, workPath });
      made.push(['thumb', image.thumb]);
      if (image.web) made.push(['web', image.web]);
      const info: MediaInfo = image.animated ? { animated: true, frames: image.frames } : {};
      return { width: image.width, height: image.height, durationMs: null, info, made };
    }
    const checked = await video.check(work, mime);
    const frame = workPath('poster.png');
    await video.poster(work, checked.durationMs, frame);
    // The frame is ours and as large as the video: make its web-sized copy and thumbnail.
    const poster = await checkImage(frame, {
      maxPixels: Math.max(limits.maxPixels, 100_000_000),
      size: Number.MAX_SAFE_INTEGER,
      workPath,
    });
    made.push(['thumb', poster.thumb]);
    if (poster.web) made.push(['poster', poster.web]);
    const info: MediaInfo = {
      container: checked.container,
      video_codec: checked.videoCodec,
      audio_codec: checked.audioCodec,
    };
    return { width: checked.width, height: checked.height, durationMs: checked.durationMs, info, made };
  }

  /** Checks a complete work file and stores it with its variants; the work files are left to the caller. */
  async function accept(
    work: string,
    { size, sha256 }: { size: number; sha256: string },
    opts: SaveOptions,
  ): Promise<SavedMedia> {
    if (size === 0) throw new AppError(400, 'empty_file', 'The file is empty.');
    const accepted = acceptOf(opts);
    let type: { mime: string; ext: string } | undefined = await fileTypeFromFile(work);
    if (!type && accepted.some((m) => TEXT_TYPES.includes(m))) {
      type = (await textTypeOf(work, opts.originalName)) ?? undefined;
    }
    if (!type || !accepted.includes(type.mime)) {
      const label = opts.acceptLabel ?? LABELS[opts.kind ?? 'any'];
      throw new AppError(
        415,
        'unsupported_type',
        `This file is not ${label}${type ? ` (its content is ${type.mime})` : ''}.`,
      );
    }
    const kind = kindOfType(type.mime);
    const limit = Math.min(opts.maxBytes ?? Infinity, kindLimit(kind));
    if (size > limit) throw fileTooLarge(limit);

    const { width, height, durationMs, info, made } = await inspect(kind, work, type.mime, size);

    const filename = `${sha256}.${type.ext}`;
    const stored: Array<BlobRow & { path: string }> = [{ name: filename, mime: type.mime, size, path: work }];
    const variants: MediaVariants = {};
    for (const [role, image] of made) {
      const name = `${await sha256File(image.path)}.${image.ext}`;
      const variant: MediaVariant = {
        file: name,
        mime: image.mime,
        width: image.width,
        height: image.height,
        size: image.size,
      };
      variants[role] = variant;
      if (!stored.some((s) => s.name === name))
        stored.push({ name, mime: image.mime, size: image.size, path: image.path });
    }
    const blobRows = stored.map(({ name, mime, size: bytes }) => ({
      name,
      mime,
      size: bytes,
      createdAt: clock.now(),
    }));

    // Blob rows first: a save that stops after storing files leaves rows the sweep finds.
    await repo.recordBlobs(blobRows);
    for (const s of stored) await blobs.put(s.name, s.path);
    const row = await repo.insert(
      {
        projectId: opts.projectId,
        filename,
        originalName: displayName(opts.originalName),
        mime: type.mime,
        size,
        kind,
        sha256,
        width,
        height,
        durationMs,
        variants,
        info,
        files: stored.map((s) => s.name),
        createdBy: opts.userId,
        createdAt: clock.now(),
      },
      blobRows,
    );
    // A sweep that released one of these blobs between `put` and the row: store it again.
    for (const s of stored) if (!(await blobs.stat(s.name))) await blobs.put(s.name, s.path);
    return describe(row);
  }

  const describe = (row: Awaited<ReturnType<typeof repo.insert>>): SavedMedia => ({
    media_id: row.id,
    mime: row.mime,
    size: row.size,
    filename: row.filename,
    kind: row.kind,
    sha256: row.sha256 ?? '',
    width: row.width,
    height: row.height,
    duration_ms: row.durationMs,
    ...mediaUrls(row),
  });

  /** Runs `work` with a fresh work file name; the work file and everything made beside it go after. */
  async function withWorkFile<T>(work: (file: string) => Promise<T>) {
    await fs.mkdir(tmpDir, { recursive: true });
    const file = path.join(tmpDir, randomUUID());
    try {
      return await work(file);
    } finally {
      const base = path.basename(file);
      const names = await fs.readdir(tmpDir).catch(() => [] as string[]);
      await Promise.all(
        names.filter((n) => n.startsWith(base)).map((n) => fs.rm(path.join(tmpDir, n), { force: true })),
      );
    }
  }

  async function removeRows(rows: Array<{ filename: string; sha256: string | null; files: string[] }>) {
    const names = new Set<string>();
    for (const r of rows) {
      if (r.sha256 === null) {
        // Stored before the pipeline: its own file, named for it alone.
        if (LEGACY_NAME.test(r.filename)) await fs.rm(path.join(dir, r.filename), { force: true });
      } else for (const f of r.files) names.add(f);
    }
    return repo.releaseBlobs([...names], (name) => blobs.delete(name));
  }

  return {
    dir,
    blobs,
    video,
    limits,
    /** The most bytes an upload of this kind may have, as configured. */
    maxBytes: kindLimit,

    /**
     * Stores an uploaded stream once its bytes are checked. Refused files leave nothing behind;
     * a stream cut short (the multipart limit) is refused as too large.
     */
    async save(stream: Readable, opts: SaveOptions): Promise<SavedMedia> {
      return withWorkFile(async (work) => {
        const max = streamLimit(opts);
        let size = 0;
        const hash = createHash('sha256');
        const counter = new Transform({
          transform(chunk: Buffer, _enc, done) {
            size += chunk.length;
            if (size > max) done(fileTooLarge(max));
            else {
              hash.update(chunk);
              done(null, chunk);
            }
          },
        });
        const out = createWriteStream(work);
        try {
          await pipeline(stream, counter, out);
        } finally {
          // A stream that failed before its file was open still creates it once the open lands:
          // wait for it to close, or the work file is removed first and left behind after.
          if (!out.closed) await once(out, 'close').catch(() => undefined);
        }
        // A stream cut at the multipart limit ends "cleanly" but truncated.
        if ((stream as Readable & { truncated?: boolean }).truncated) throw fileTooLarge(max);
        return accept(work, { size, sha256: hash.digest('hex') }, opts);
      });
    },

    /**
     * Stores a complete file already on disk (a finished resumable upload). The file itself is
     * left where it is: the caller removes it.
     */
    async saveFile(file: string, opts: SaveOptions): Promise<SavedMedia> {
      return withWorkFile(async (work) => {
        await fs.link(file, work).catch(() => fs.copyFile(file, work));
        const { size } = await fs.stat(work);
        const max = streamLimit(opts);
        if (size > max) throw fileTooLarge(max);
        return accept(work, { size, sha256: await sha256File(work) }, opts);
      });
    },

    /**
     * Media already uploaded (resumable uploads) that an area is about to take as its items: each
     * must be the project's (another project's: 404, as if absent), of `kind` and within `maxBytes`
     * (or the kind's limit). A row another use holds already (a response's image, an event's
     * video, another banner) is taken all the same: one row, and its stored file, serve any number
     * of uses, and `discard` deletes it only once none is left. Answers the ids, each once, in the
     * order given.
     */
    async claim(
      projectId: number,
      ids: number[],
      { kind, maxBytes }: { kind: MediaKind; maxBytes?: number },
    ) {
      const unique = [...new Set(ids)];
      const rows = new Map((await repo.ofProject(projectId, unique)).map((r) => [r.id, r]));
      const max = Math.min(maxBytes ?? Infinity, kindLimit(kind));
      for (const id of unique) {
        const row = rows.get(id);
        if (!row) throw notFound(`Media item ${id} does not exist.`);
        if (row.kind !== kind) {
          throw new AppError(
            415,
            'unsupported_type',
            `Media item ${id} is not ${LABELS[kind]} (it is ${row.mime}).`,
          );
        }
        if (row.size > max) throw fileTooLarge(max);
      }
      return unique;
    },

    /**
     * A use let go of these media rows (an upload undone, an item removed): deletes those no other
     * use still holds, by id or by address (a response, an event, a push message naming its file
     * keeps it; the sweep deletes it once none does), and their blobs that no row holds.
     */
    async discard(ids: number[]) {
      await removeRows(await repo.deleteUnusedAmong(ids, sources));
    },

    /**
     * Runs `use` with a stored blob as a local work file (a copy, whatever store holds it), removed
     * after: for areas that read a stored original (document scanning).
     */
    async withBlobFile<T>(name: string, use: (file: string) => Promise<T>) {
      return withWorkFile(async (work) => {
        try {
          await pipeline(await blobs.get(name), createWriteStream(work));
        } catch (e) {
          log?.warn({ err: e, blob: name }, 'a stored media file could not be read');
          if (e instanceof BlobMissing) throw e;
          throw storageUnreadable(e);
        }
        return use(work);
      });
    },

    /** Adds a way an area uses media; the sweep keeps every medium one of them names. */
    addReferences(...more: MediaReferenceSource[]) {
      sources.push(...more);
    },

    /**
     * Mark and sweep: deletes the media rows older than the grace period that no reference
     * source names, then the blobs no row holds any longer (and blobs a stopped save left).
     */
    async sweep() {
      const cutoff = new Date(clock.now().getTime() - limits.graceMs);
      const rows = await repo.deleteUnused(cutoff, sources);
      const released = await removeRows(rows);
      const stray = await repo.releaseBlobs(await repo.unheldBlobs(cutoff), (name) => blobs.delete(name));
      return { media: rows.length, blobs: released.length + stray.length };
    },

    /**
     * For image addresses (`/media/<file>`) the address of their web-sized copy (1,600 px), for
     * areas that keep media by address and show them on kiosks; an address without one maps to itself.
     */
    async webAddresses(urls: string[]): Promise<Map<string, string>> {
      const files = [...new Set(urls.filter((u) => u.startsWith('/media/')).map((u) => u.slice(7)))];
      const rows = await repo.byFilenames(files);
      const out = new Map(urls.map((u) => [u, u]));
      for (const row of rows) {
        const web = mediaUrls(row).web_url;
        if (web) out.set(mediaUrl(row.filename), web);
      }
      return out;
    },

    /**
     * A stored file to serve by the name in its address: a content-addressed blob, or a file from
     * before the pipeline. Null when there is none.
     */
    async find(name: string) {
      const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
      const mime = MIME_BY_EXT[ext] ?? 'application/octet-stream';
      if (isBlobKey(name)) {
        const stat = await blobs.stat(name);
        if (!stat) return null;
        return {
          size: stat.size,
          mime,
          etag: `"${name.slice(0, 64)}"`,
          open: (range?: ByteRange) => blobs.get(name, range),
        };
      }
      if (!LEGACY_NAME.test(name)) return null;
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        size: stat.size,
        mime,
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        open: async (range?: ByteRange) => {
          const handle = await fs.open(file, 'r');
          return createReadStream(file, { fd: handle, ...(range ?? {}) });
        },
      };
    },
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
export type { MediaReferenceSource } from './repo.js';

/** The media limits a server's configuration sets. */
export const mediaLimitsOf = (
  config: Pick<
    Config,
    'MEDIA_IMAGE_MAX_MB' | 'MEDIA_VIDEO_MAX_MB' | 'MEDIA_IMAGE_MAX_MEGAPIXELS' | 'MEDIA_GRACE_HOURS'
  >,
): MediaLimits => ({
  imageMaxBytes: config.MEDIA_IMAGE_MAX_MB * 1024 * 1024,
  videoMaxBytes: config.MEDIA_VIDEO_MAX_MB * 1024 * 1024,
  documentMaxBytes: DOCUMENT_UPLOAD_MAX_BYTES,
  maxPixels: config.MEDIA_IMAGE_MAX_MEGAPIXELS * 1_000_000,
  graceMs: config.MEDIA_GRACE_HOURS * 3_600_000,
});
