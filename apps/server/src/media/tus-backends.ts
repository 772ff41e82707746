import fs from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore, KvStore, Upload } from '@tus/server';
import { s3ClientConfig, type S3Settings } from './s3-blob-store.js';
import type { MediaStore, SaveOptions, SavedMedia } from './store.js';

/** Where tus keeps partial uploads and how an upload ended: this disk, or the shared bucket. */
export interface TusBackend {
  datastore: DataStore;
  /** Stores a complete upload through the media pipeline (checked by its bytes). */
  save(upload: Upload, opts: SaveOptions): Promise<SavedMedia>;
  /** The uploads not yet complete, for the in-flight limits. */
  unfinished(): Promise<Upload[]>;
  /** Free bytes for partial uploads; null when there is no disk to fill (a bucket). */
  freeBytes(): Promise<number | null>;
  /** How finished uploads ended, kept a while for a client whose final answer was lost. */
  results: {
    read(id: string): Promise<string | undefined>;
    write(id: string, json: string): Promise<void>;
    /** Removes those older than `ms`; answers how many went. */
    expire(ms: number): Promise<number>;
  };
  close(): void;
}

/** Partial uploads as files under `dir` (DATA_DIR/media/.tus): one instance, or one shared folder. */
export function localTusBackend(dir: string, media: MediaStore, expiryMs: number): TusBackend {
  const store = new FileStore({ directory: dir, expirationPeriodInMilliseconds: expiryMs });
  const resultsDir = path.join(dir, 'results');
  const resultFile = (id: string) => path.join(resultsDir, `${id}.json`);
  return {
    datastore: store,
    // The finished file is taken as it lies (linked, not copied).
    save: (upload, opts) => media.saveFile(path.join(dir, upload.id), opts),
    async unfinished() {
      const out: Upload[] = [];
      for (const id of (await store.configstore.list?.()) ?? []) {
        const upload = await store.configstore.get(id).catch(() => undefined);
        if (upload && (upload.size === undefined || upload.offset < upload.size)) out.push(upload);
      }
      return out;
    },
    async freeBytes() {
      try {
        await fs.mkdir(dir, { recursive: true });
        const s = await fs.statfs(dir);
        return s.bavail * s.bsize;
      } catch {
        return null;
      }
    },
    results: {
      read: (id) => fs.readFile(resultFile(id), 'utf8').catch(() => undefined),
      async write(id, json) {
        await fs.mkdir(resultsDir, { recursive: true });
        await fs.writeFile(resultFile(id), json);
      },
      async expire(ms) {
        let removed = 0;
        for (const name of await fs.readdir(resultsDir).catch(() => [] as string[])) {
          const file = path.join(resultsDir, name);
          const stat = await fs.stat(file).catch(() => undefined);
          if (stat && Date.now() - stat.mtimeMs > ms) {
            await fs.rm(file, { force: true });
            removed++;
          }
        }
        return removed;
      },
    },
    close: () => undefined,
  };
}

/**
 * Never remembers: @tus/s3-store caches an upload's record per process, which another instance
 * finishing or cancelling it would leave stale here. Every request reads it from the bucket.
 */
const noCache: KvStore<never> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

const TUS_ID = /^[0-9a-f]{32}$/;

/**
 * Partial uploads in the shared bucket (@tus/s3-store: an S3 multipart upload per tus upload, its
 * record in `<id>.info`, a short last chunk in `<id>.part`), so any instance takes the next chunk;
 * how each ended as `<prefix>.tus-results/<id>.json`. The tus objects live at the bucket's root:
 * @tus/s3-store names them by upload id alone.
 */
export function s3TusBackend(settings: S3Settings, media: MediaStore, expiryMs: number): TusBackend {
  const client = new S3Client(s3ClientConfig(settings));
  const store = new S3Store({
    s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
    expirationPeriodInMilliseconds: expiryMs,
    cache: noCache as KvStore<never>,
  });
  const Bucket = settings.bucket;
  const resultsPrefix = `${settings.prefix}.tus-results/`;

  async function* keys(prefix: string) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) yield o;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function* multipartKeys() {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
      for (const u of page.Uploads ?? []) if (u.Key) yield u.Key;
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
  }

  return {
    datastore: store,
    // Streamed from the bucket through the pipeline (its work file is local, removed after).
    save: async (upload, opts) => media.save(await store.read(upload.id), opts),
    async unfinished() {
      const out: Upload[] = [];
      // Each unfinished tus upload is an S3 multipart upload named by its id: listing those stays
      // cheap however many blobs the bucket holds.
      for await (const id of multipartKeys()) {
        if (!TUS_ID.test(id)) continue;
        const upload = await store.getUpload(id).catch(() => undefined);
        if (upload && (upload.size === undefined || upload.offset < upload.size)) out.push(upload);
      }
      return out;
    },
    freeBytes: async () => null,
    results: {
      async read(id) {
        try {
          const out = await client.send(new GetObjectCommand({ Bucket, Key: `${resultsPrefix}${id}.json` }));
          return await text(out.Body as NodeJS.ReadableStream);
        } catch {
          return undefined;
        }
      },
      async write(id, json) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: `${resultsPrefix}${id}.json`,
            Body: json,
            ContentType: 'application/json',
          }),
        );
      },
      async expire(ms) {
        let removed = 0;
        for await (const o of keys(resultsPrefix)) {
          if (o.Key && o.LastModified && Date.now() - o.LastModified.getTime() > ms) {
            await client.send(new DeleteObjectCommand({ Bucket, Key: o.Key }));
            removed++;
          }
        }
        return removed;
      },
    },
    close: () => client.destroy(),
  };
}
