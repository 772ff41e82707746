import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Media } from '../config.js';
import { BlobMissing, isBlobKey, type BlobStore } from './blob-store.js';

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, moto in tests), as S3_* configure it, and
 * optionally a public address of it (a CDN) browsers load blobs from directly; without one they
 * keep loading them through /media/, with the server's headers and byte ranges.
 */
export type S3Settings = S3Media & { publicUrl?: string };

/** The client for a bucket's settings (shared by the blob store and the resumable uploads). */
export function s3ClientConfig(s: S3Settings): S3ClientConfig {
  return {
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
  };
}

const TYPE_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** S3 says "no such object" in several ways (GET: NoSuchKey, HEAD: a bare 404). */
const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs as objects of one bucket, so every instance behind a balancer reads what any of them
 * stored. Keys are content hashes: a key already there is never written again. A put streams the
 * local file in parts (lib-storage), a get asks for one byte range when a video seeks.
 */
export function createS3BlobStore(settings: S3Settings, client = new S3Client(s3ClientConfig(settings))) {
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => {
    if (!isBlobKey(key)) throw new Error('Not a blob key');
    return `${prefix}${key}`;
  };

  const stat: BlobStore['stat'] = async (key) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  };

  const store: BlobStore & { client: S3Client } = {
    client,
    stat,

    async put(key, localPath) {
      if (await stat(key)) return;
      const ext = key.slice(key.lastIndexOf('.') + 1);
      await new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: objectKey(key),
          Body: createReadStream(localPath),
          ContentType: TYPE_BY_EXT[ext] ?? 'application/octet-stream',
          // A key names its content: whoever caches it may keep it for ever.
          CacheControl: 'public, max-age=31536000, immutable',
        },
      }).done();
    },

    async get(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return out.Body as Readable;
      } catch (e) {
        if (isMissing(e)) throw new BlobMissing(key);
        throw e;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    url: (key) =>
      settings.publicUrl ? `${settings.publicUrl.replace(/\/$/, '')}/${objectKey(key)}` : `/media/${key}`,
  };
  return store;
}
