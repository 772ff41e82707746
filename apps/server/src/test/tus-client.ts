import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { RESUMABLE_UPLOADS_PATH, TUS_VERSION } from '@ambassador/contracts';

/** The tus endpoint as a client calls it. */
export const UPLOADS = `/admin_panel${RESUMABLE_UPLOADS_PATH}`;

/** tus `Upload-Metadata`: each value base64. */
export const tusMetadata = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

/** A real PNG of random pixels (they do not compress: about width × height × 3 bytes). */
export function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1);
    rows[start] = 0; // filter: none
    randomBytes(width * 3).copy(rows, start + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A tus client over `app.inject`, for one signed-in session. */
export function tusClient(app: FastifyInstance, headers: Record<string, string>) {
  const tus = { ...headers, 'tus-resumable': TUS_VERSION };
  return {
    create: (length: number, metadata: Record<string, string | number>) =>
      app.inject({
        method: 'POST',
        url: UPLOADS,
        headers: { ...tus, 'upload-length': String(length), 'upload-metadata': tusMetadata(metadata) },
      }),
    head: (location: string) => app.inject({ method: 'HEAD', url: location, headers: tus }),
    patch: (location: string, offset: number, bytes: Buffer) =>
      app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      }),
    remove: (location: string) => app.inject({ method: 'DELETE', url: location, headers: tus }),
    result: (location: string) => app.inject({ method: 'GET', url: `${location}/result`, headers }),
  };
}
