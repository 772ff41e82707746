import { Readable } from 'node:stream';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOAD_EXPIRY_HOURS,
  RESUMABLE_UPLOADS_PATH,
  TUS_VERSION,
  VIDEO_UPLOAD_MAX_BYTES,
  ZOk,
  ZResumableUploadParams,
  ZTusHeaders,
  ZUploadResponse,
} from '@ambassador/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contractApp, ok } from '../lib/contract.js';
import { AppError } from '../lib/errors.js';
import { authOf } from '../plugins/guard.js';
import { refusalOf, type ResumableUploads, type Uploader } from './tus.js';

const tags = ['Media'];
const CHUNK = 'application/offset+octet-stream';
const MB = 1024 * 1024;

/** A tus answer as the reference shows it: an empty body, its meaning in the headers it names. */
const tusAnswer = (description: string, headers: Record<string, string>) => ({
  description: [description, ...Object.entries(headers).map(([name, text]) => `\`${name}\`: ${text}.`)].join(
    ' ',
  ),
  content: { 'text/plain': { schema: z.literal('').describe('Empty: the answer is in the headers') } },
});

const OFFSET = 'Bytes stored so far: the next PATCH starts here';

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const uploaderOf = (req: FastifyRequest): Uploader => {
  const auth = authOf(req);
  return { projectId: auth.projectId, userId: auth.userId, pageAccess: auth.pageAccess };
};

/**
 * The request as tus reads it (a web Request), with the metadata the service checked in place of
 * the client's. The body is the request's own stream, read once, by tus, only for a chunk.
 */
function forTus(req: FastifyRequest, metadata?: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'upload-metadata') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  if (metadata !== undefined) headers.set('upload-metadata', metadata);
  const carriesChunk = (header(req, 'content-type') ?? '').split(';')[0]?.trim() === CHUNK;
  const url = `http://${header(req, 'host') ?? 'localhost'}${req.url.split('?')[0]}`;
  return new Request(url, {
    method: req.method,
    headers,
    ...(carriesChunk ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** tus's answer through the app's reply: its headers as they are, a refusal as the app's envelope. */
async function answer(reply: FastifyReply, response: Response) {
  const body = response.status === 204 ? '' : await response.text();
  if (response.status >= 400) throw refusalOf(response.status, body);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-type') void reply.header(name, value);
  });
  // The last chunk's answer: the media item, through the route's contract.
  if (body && response.status === 200) return reply.status(200).send(JSON.parse(body) as unknown);
  return reply.status(response.status).send();
}

/**
 * /admin_panel/media/uploads: a tus 1.0 endpoint (core, creation, creation-with-upload, termination,
 * expiration) for media of any kind, and the result of a finished upload. The session and page are
 * the guard's; the device, kind and size are checked at creation, before a byte is stored; every
 * later request must come from the upload's creator (anyone else: 404).
 */
export async function resumableUploadRoutes(
  parent: FastifyInstance,
  { uploads }: { uploads: ResumableUploads },
) {
  // A chunk is read by tus from the request itself, never parsed or buffered by the app.
  parent.addContentTypeParser(CHUNK, (_req, _payload, done) => done(null, undefined));
  const app = contractApp(parent);
  const access = { access: { pageCheckedByService: true } };
  const base = RESUMABLE_UPLOADS_PATH;

  app.post(
    base,
    {
      config: access,
      schema: {
        tags,
        summary: 'Start a resumable upload (tus 1.0 creation)',
        description: `A [tus 1.0](https://tus.io/protocols/resumable-upload) endpoint: use a tus client (tus-js-client, Uppy, tusd's clients). Headers: \`Tus-Resumable: ${TUS_VERSION}\`, \`Upload-Length\` (the file size; deferred lengths are refused: 400 \`upload_length_required\`) and \`Upload-Metadata\` with \`device_id\` (a device of your project, else 403), \`kind\` (\`image\` up to ${IMAGE_UPLOAD_MAX_BYTES / MB} MB, \`video\` up to ${VIDEO_UPLOAD_MAX_BYTES / MB} MB; larger: 413 \`file_too_large\`) and \`filename\`, each base64 as tus sends them. Checked before any byte is stored. The answer's \`Location\` is the upload's address; send the file there in PATCH chunks (the console sends ${RESUMABLE_CHUNK_BYTES / MB} MB). The caller needs one of the pages that carry media. An upload not finished within ${RESUMABLE_UPLOAD_EXPIRY_HOURS} hours is deleted.`,
        headers: ZTusHeaders,
        response: {
          201: tusAnswer('The upload exists.', {
            Location: 'The upload’s address: /admin_panel/media/uploads/{upload_id}',
            'Upload-Expires': 'When an unfinished upload is deleted',
          }),
          200: ZOk(ZUploadResponse).describe(
            'With creation-with-upload, the whole file came in this request',
          ),
        },
      },
    },
    async (req, reply) => {
      if (header(req, 'upload-concat') !== undefined) {
        throw new AppError(
          400,
          'upload_protocol',
          'This endpoint does not concatenate uploads (Upload-Concat): send the file as one upload.',
        );
      }
      const { metadata, done } = await uploads.authorize(
        uploaderOf(req),
        header(req, 'upload-metadata'),
        header(req, 'upload-length'),
      );
      const response = await uploads.tus.handleWeb(forTus(req, metadata)).finally(done);
      // The whole file came with the POST: its tus files go once tus has answered.
      const location = response.status === 200 ? response.headers.get('location') : null;
      if (location) await uploads.release(location.split('/').pop()!);
      return answer(reply, response);
    },
  );

  app.head(
    `${base}/:upload_id`,
    {
      // A HEAD of its own (not a GET's): listed in the reference.
      config: { ...access, swagger: { exposeHeadRoute: true } },
      schema: {
        tags,
        summary: 'How much of an upload has arrived (tus HEAD)',
        params: ZResumableUploadParams,
        headers: ZTusHeaders,
        response: {
          200: tusAnswer('The upload.', {
            'Upload-Offset': OFFSET,
            'Upload-Length': 'The declared size',
          }),
        },
      },
    },
    async (req, reply) => {
      const { finished } = await uploads.access(req.params.upload_id, uploaderOf(req));
      if (finished) {
        // Stored already (its last answer was lost): complete, so a client asks for the result.
        const size = String(finished.size);
        return reply
          .headers({ 'tus-resumable': TUS_VERSION, 'upload-offset': size, 'upload-length': size })
          .status(200)
          .send();
      }
      return answer(reply, await uploads.tus.handleWeb(forTus(req)));
    },
  );

  app.patch(
    `${base}/:upload_id`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Send the next chunk of an upload (tus PATCH)',
        description: `Body: the bytes from \`Upload-Offset\` on, as \`${CHUNK}\`. 409 \`upload_offset_mismatch\` when the offset is not what has arrived (ask with HEAD); 410 \`upload_expired\`. The chunk that completes the file is answered 200 with the stored media item, or the refusal of its content (415 \`unsupported_type\`: not what its kind accepts, judged by its bytes).`,
        params: ZResumableUploadParams,
        headers: ZTusHeaders,
        response: {
          204: tusAnswer('The chunk is stored.', { 'Upload-Offset': OFFSET }),
          200: ZOk(ZUploadResponse).describe('The file is complete and stored'),
        },
      },
    },
    async (req, reply) => {
      await uploads.access(req.params.upload_id, uploaderOf(req));
      // Past the checks it is a file transfer, not database work: it holds no place in the queue.
      req.shedRelease?.();
      return answer(reply, await uploads.tus.handleWeb(forTus(req)));
    },
  );

  app.delete(
    `${base}/:upload_id`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Cancel an unfinished upload and delete what arrived (tus termination)',
        params: ZResumableUploadParams,
        headers: ZTusHeaders,
        response: { 204: tusAnswer('The upload and what arrived of it are deleted.', {}) },
      },
    },
    async (req, reply) => {
      const { finished } = await uploads.access(req.params.upload_id, uploaderOf(req));
      if (finished) return reply.header('tus-resumable', TUS_VERSION).status(204).send();
      return answer(reply, await uploads.tus.handleWeb(forTus(req)));
    },
  );

  app.get(
    `${base}/:upload_id/result`,
    {
      config: access,
      schema: {
        tags,
        summary: 'The media item a finished upload became',
        description: `As the last chunk's answer: for a client that lost it, or resumed an upload that had already arrived. 409 \`upload_incomplete\` while bytes are missing; the refusal of its content (415 \`unsupported_type\`) when it was refused. Kept ${RESUMABLE_UPLOAD_EXPIRY_HOURS} hours.`,
        params: ZResumableUploadParams,
        response: { 200: ZOk(ZUploadResponse) },
      },
    },
    async (req) => ok(await uploads.result(req.params.upload_id, uploaderOf(req))),
  );
}
