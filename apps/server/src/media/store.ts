import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { media } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import type { Clock } from '../lib/clock.js';

export interface SaveOptions {
  projectId: number;
  userId: number | null;
  originalName: string;
  maxBytes: number;
  /** MIME types accepted, decided from the file's bytes, never its name or the client's claim. */
  accept: readonly string[];
  /** What to call the accepted kinds in an error ("a PNG, JPEG, GIF or WebP image"). */
  acceptLabel: string;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'file_too_large', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);

/**
 * The name a client gave its file, kept only as a label: control characters (NUL included) and
 * broken Unicode are dropped, and it is cut at 255 characters (never inside a character).
 */
export function displayName(name: string) {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f\p{Cs}]/gu, '').trim();
  return [...cleaned].slice(0, 255).join('') || 'file';
}

/**
 * Uploaded files under DATA_DIR/media with server-chosen names. A file is streamed to a temporary
 * name while its size is counted, checked by its magic bytes, then renamed into place and recorded.
 */
export function createMediaStore({ dir, db, clock }: { dir: string; db: Db; clock: Clock }) {
  const tmpDir = path.join(dir, '.incoming');

  return {
    dir,

    async save(stream: Readable, opts: SaveOptions) {
      await fs.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > opts.maxBytes) done(fileTooLarge(opts.maxBytes));
          else done(null, chunk);
        },
      });
      const out = createWriteStream(tmp);
      try {
        await pipeline(stream, counter, out);
        // A stream cut at the multipart limit ends "cleanly" but truncated.
        if ((stream as Readable & { truncated?: boolean }).truncated) throw fileTooLarge(opts.maxBytes);
        if (size === 0) throw new AppError(400, 'empty_file', 'The file is empty.');
        const type = await fileTypeFromFile(tmp);
        if (!type || !opts.accept.includes(type.mime)) {
          throw new AppError(
            415,
            'unsupported_type',
            `This file is not ${opts.acceptLabel}${type ? ` (its content is ${type.mime})` : ''}.`,
          );
        }
        const filename = `${randomUUID()}.${type.ext}`;
        const final = path.join(dir, filename);
        await fs.rename(tmp, final);
        try {
          const [row] = await db
            .insert(media)
            .values({
              projectId: opts.projectId,
              filename,
              originalName: displayName(opts.originalName),
              mime: type.mime,
              size,
              createdBy: opts.userId,
              createdAt: clock.now(),
            })
            .returning();
          return { media_id: row!.id, url: `/media/${filename}`, mime: type.mime, size, filename };
        } catch (e) {
          // No row, no file: a failed record must not leave an orphan nobody can find or delete.
          await fs.rm(final, { force: true });
          throw e;
        }
      } finally {
        // A stream that failed before its file was open still creates it once the open lands:
        // wait for it to close, or the rm below runs first and leaves an empty file behind.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await fs.rm(tmp, { force: true });
      }
    },

    /**
     * Deletes media rows and their files: an upload undone (one of several files failed) or an
     * item that owned its image removed. The row goes first, so a file can outlive a row, never the
     * reverse (a row naming a missing file would be served as a 404).
     */
    async discard(ids: number[]) {
      if (ids.length === 0) return;
      const rows = await db
        .delete(media)
        .where(inArray(media.id, ids))
        .returning({ filename: media.filename });
      await Promise.all(rows.map((r) => fs.rm(path.join(dir, r.filename), { force: true })));
    },
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
