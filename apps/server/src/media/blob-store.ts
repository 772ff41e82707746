import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A blob's key: its content's SHA-256 and the extension of its type (`<sha256>.<ext>`). */
export const BLOB_KEY = /^[0-9a-f]{64}\.[a-z0-9]{2,5}$/;
export const isBlobKey = (key: string) => BLOB_KEY.test(key);

/** Bytes `start` to `end` of a blob, both included (as an HTTP Range names them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where content-addressed media files live. Keys name content, so a key is written once and never
 * changes: `put` of a key already there is a no-op, and a reader may cache a key's bytes forever.
 * The local implementation keeps files under a directory; an S3-compatible one (several instances
 * sharing one bucket) implements the same five calls (docs/decisions.md, "Media pipeline").
 */
export interface BlobStore {
  /** Copies a local file in under `key` (the local file stays where it is). */
  put(key: string, localPath: string): Promise<void>;
  /** The blob's bytes, or one range of them; a missing blob is a `BlobMissing`. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Its size, or null when there is no such blob. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes it; removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser loads it. */
  url(key: string): string;
}

/**
 * A blob that is not in the store (deleted, or written to another instance's disk). Its message
 * names the key only, never where the store keeps it: it may reach a job's recorded error.
 */
export class BlobMissing extends Error {
  constructor(readonly key: string) {
    super(`The stored file ${key} is not in the media storage`);
    this.name = 'BlobMissing';
  }
}

/**
 * Reading the media storage failed (a permission, a full disk, the bucket unreachable): the same
 * error without its message, which names server paths; only the system's code (EACCES) is kept.
 */
export function storageUnreadable(e: unknown): Error {
  const code = (e as { code?: unknown; name?: unknown }).code ?? (e as { name?: unknown }).name;
  return new Error(`The media storage could not be read${typeof code === 'string' ? ` (${code})` : ''}`);
}

function checkKey(key: string) {
  if (!isBlobKey(key)) throw new Error(`Not a blob key: ${key}`);
}

/**
 * Blobs as files under `dir`, fanned out by the first two pairs of hex digits
 * (`ab/cd/abcd….png`) so no directory holds more than a few thousand entries.
 */
export function createLocalBlobStore(dir: string): BlobStore & { pathOf(key: string): string } {
  const pathOf = (key: string) => {
    checkKey(key);
    return path.join(dir, key.slice(0, 2), key.slice(2, 4), key);
  };
  const stat = async (key: string) => {
    const s = await fs.stat(pathOf(key)).catch(() => null);
    return s?.isFile() ? { size: s.size } : null;
  };

  return {
    pathOf,
    stat,

    async put(key, localPath) {
      const target = pathOf(key);
      if (await stat(key)) return;
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written beside the target, then renamed: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        // A hard link costs no copy when the upload lies on the same file system (it does).
        await fs.link(localPath, partial).catch(() => fs.copyFile(localPath, partial));
        await fs.rename(partial, target);
      } finally {
        await fs.rm(partial, { force: true });
      }
    },

    async get(key, range) {
      const file = pathOf(key);
      // Open first, so a missing file fails here rather than as a stream error mid-answer.
      const handle = await fs.open(file, 'r').catch((e: NodeJS.ErrnoException) => {
        // ENOENT's own message holds the absolute path: the key says enough.
        throw e.code === 'ENOENT' ? new BlobMissing(key) : e;
      });
      return createReadStream(file, { fd: handle, ...(range ? { start: range.start, end: range.end } : {}) });
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    url: (key) => `/media/${key}`,
  };
}
