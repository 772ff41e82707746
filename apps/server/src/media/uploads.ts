import type { FastifyRequest } from 'fastify';
import { fileTooLarge, type MediaStore } from './store.js';
import { authOf } from '../plugins/guard.js';
import { AppError, badRequest } from '../lib/errors.js';

/** Reads the one file of a multipart request; a missing file is a 400. */
export async function singleFile(req: FastifyRequest, maxBytes: number) {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data in a field named "file".');
  if (!/;\s*boundary=/i.test(req.headers['content-type'] ?? '')) {
    throw badRequest('The upload is not valid multipart/form-data (it has no boundary).', 'bad_multipart');
  }
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } }).catch((e: { code?: string }) => {
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    throw e;
  });
  if (!file) throw badRequest('No file was sent.', 'no_file');
  return file;
}

/**
 * The one file of a multipart request, read into memory only when `read` is called: an import
 * that is refused first (busy, wrong device) never buffers its upload.
 */
export async function deferredFile(req: FastifyRequest, maxBytes: number) {
  const upload = await singleFile(req, maxBytes);
  return {
    name: upload.filename,
    read: () =>
      upload.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
        throw e;
      }),
  };
}

/** An image upload (a response's, a push's): stored in the media store for the caller's project. */
export async function saveImageUpload(req: FastifyRequest, media: MediaStore) {
  const file = await singleFile(req, media.maxBytes('image'));
  const auth = authOf(req);
  return media.save(file.file, {
    projectId: auth.projectId,
    userId: auth.userId,
    originalName: file.filename,
    kind: 'image',
  });
}

/** The longest form field an upload takes (its JSON fields: names, texts in a few languages). */
export const FIELD_MAX_BYTES = 64 * 1024;

/**
 * The files of a multipart request, one after another as they stream in (several images at once),
 * and its form fields as they come, to `onField`. A field sent after a file is still seen, but the
 * files before it were read without it.
 */
export async function* manyFiles(
  req: FastifyRequest,
  {
    maxBytes,
    maxFiles,
    onField,
    eachOnItsOwn = false,
  }: {
    maxBytes: number;
    maxFiles: number;
    onField?: (name: string, value: string) => Promise<void> | void;
    /**
     * A file over `maxBytes` arrives cut at it (its stream `truncated`, which the media store
     * refuses) and the request goes on, instead of failing the whole request.
     */
    eachOnItsOwn?: boolean;
  },
) {
  if (!req.isMultipart()) throw badRequest('Send the files as multipart/form-data in fields named "files".');
  if (!/;\s*boundary=/i.test(req.headers['content-type'] ?? '')) {
    throw badRequest('The upload is not valid multipart/form-data (it has no boundary).', 'bad_multipart');
  }
  // `throwFileSizeLimit` is read by @fastify/multipart per call, though its types leave it out.
  const options = {
    limits: {
      fileSize: maxBytes,
      files: maxFiles,
      fields: 10,
      parts: maxFiles + 10,
      fieldSize: FIELD_MAX_BYTES,
    },
    throwFileSizeLimit: !eachOnItsOwn,
  };
  const parts = req.parts(options);
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        // A field cut at the limit would be read as another, shorter value: refused whole instead.
        if (part.valueTruncated) {
          throw new AppError(
            413,
            'field_too_large',
            `The field ${part.fieldname} is longer than ${FIELD_MAX_BYTES / 1024} KB.`,
          );
        }
        await onField?.(part.fieldname, String(part.value));
      } else yield { stream: part.file, filename: part.filename };
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    throw e;
  }
}
