import type { MediaKind } from '@ambassador/contracts';
import type { Readable } from 'node:stream';
import { AppError, badRequest } from '../lib/errors.js';
import type { MediaStore, SavedMedia } from './store.js';

export interface IncomingFile {
  stream: Readable;
  filename: string;
}

/**
 * What a batch accepts: the media pipeline's kind (its types and configured limit), maybe a lower
 * limit. No kind: an image or a video, whichever its bytes say, each within its kind's limit.
 */
export interface BatchKind {
  kind?: MediaKind;
  maxBytes?: number;
}

export const IMAGE_KIND: BatchKind = { kind: 'image' };
export const VIDEO_KIND: BatchKind = { kind: 'video' };
export const IMAGE_OR_VIDEO: BatchKind = {};
export const DOCUMENT_KIND: BatchKind = { kind: 'document' };

/**
 * The files of one upload request into the media store, then `commit` with their media ids in the
 * order sent (the list items that own them). All or nothing: a refused file, one past `room`
 * (`full` says why), or a failed commit discards the ones stored before it. The carousel and the
 * idle screen add their items this way; the Event Manager's upload commits nothing (its files are
 * named by address in the documents saved after). Answers what was stored, in order.
 */
export async function saveBatch(
  media: MediaStore,
  actor: { projectId: number; userId: number | null },
  files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
  {
    kind,
    room,
    full,
    commit,
  }: {
    /** The kind of every file; a function decides it when the first file arrives. */
    kind: BatchKind | (() => BatchKind);
    /** How many more items there is room for; a function is asked once, after the first file's kind. */
    room: number | (() => Promise<number>);
    full: () => AppError;
    commit: (mediaIds: number[]) => Promise<void>;
  },
) {
  const saved: SavedMedia[] = [];
  let left: number | undefined;
  try {
    for await (const file of files) {
      let k: BatchKind;
      try {
        k = typeof kind === 'function' ? kind() : kind;
        left ??= typeof room === 'function' ? await room() : room;
        if (saved.length >= left) throw full();
      } catch (e) {
        file.stream.resume();
        throw e;
      }
      const stored = await media
        .save(file.stream, {
          projectId: actor.projectId,
          userId: actor.userId,
          originalName: file.filename,
          kind: k.kind,
          maxBytes: k.maxBytes,
        })
        .catch((e: unknown) => {
          // Say which of several files was refused.
          if (e instanceof AppError) e.message = `${file.filename}: ${e.message}`;
          throw e;
        });
      saved.push(stored);
    }
    if (saved.length === 0) throw new AppError(400, 'no_file', 'No file was sent.');
    await commit(saved.map((m) => m.media_id));
    return saved;
  } catch (e) {
    await media.discard(saved.map((m) => m.media_id));
    throw e;
  }
}

/** A list a client sends back in a new order names exactly the items there are, each once. */
export function namesExactly(ids: readonly number[], known: ReadonlySet<number>) {
  return new Set(ids).size === ids.length && ids.length === known.size && ids.every((id) => known.has(id));
}

/**
 * An upload may send device_id as a form field too: it may only repeat the one in the query, which
 * the guard checked.
 */
export function checkDeviceField(deviceId: number, name: string, value: string) {
  if (name === 'device_id' && Number(value) !== deviceId) {
    throw badRequest(
      `The request names two devices (device_id ${deviceId} and ${value}). Name one.`,
      'device_conflict',
    );
  }
}
