import { Readable } from 'node:stream';
import {
  AVATAR_GESTURES,
  AVATAR_IDLE_MOTIONS,
  AVATAR_MAX_PER_DEVICE,
  AVATAR_PHOTO_TYPES,
  AVATAR_PLAYER_PATH,
  AVATAR_SCALE,
  AVATAR_TOKEN_MINUTES,
  FACE_REFUSALS,
  LIVE_EVENT,
  SOCKET,
  VIRTUAL_AVATAR_TYPE,
  motionFileUrl,
  toAvatarMotion,
  type Avatar,
  type AvatarModel,
  type AvatarMotionPreview,
  type FaceRefusal,
  type KioskAvatar,
  type Language,
} from '@ambassador/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound, operatorText } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { MediaStore } from '../../media/store.js';
import { mediaUrl, mediaUrls } from '../../media/urls.js';
import type { JobContext, JobQueue } from '../../jobs/types.js';
import type { Notifier } from '../../realtime/types.js';
import { checkFace } from './face/check.js';
import type { FaceDetector } from './face/detector.js';
import { produceModel } from './production.js';
import type { AvatarRow, AvatarsRepo } from './repo.js';
import { sentencesFor, sentenceById } from './sentences.js';

/** The job that produces one avatar (`{avatar_id}`), one queued at a time per avatar. */
export const AVATAR_PRODUCE_JOB = 'avatar-produce';
/** Until the project has produced avatars of its own, the estimate is this (measured here: 3–6 s). */
const DEFAULT_PRODUCTION_MS = 8_000;

const PHOTO_LABEL =
  'a JPEG, PNG or WebP photo (an iPhone’s HEIC photo: export it as JPEG; GIF is not a photo)';

export interface AvatarsDeps {
  repo: AvatarsRepo;
  media: MediaStore;
  jobs: JobQueue;
  detector: FaceDetector;
  notifier: Notifier;
  clock: Clock;
  /** Speaks a sentence (espeak-ng): a WAV file. */
  speak: (text: string, language: Language) => Promise<Buffer>;
}

/**
 * Virtual avatars: portraits checked for one usable face, avatars produced
 * from them by a durable job (`avatar-produce`), one in use per device (sent live to its kiosks),
 * and the short-lived tokens with which the avatar player loads a model. Routes reach this with a
 * device the guard checked.
 */
export function createAvatarsService({ repo, media, jobs, detector, notifier, clock, speak }: AvatarsDeps) {
  const median = (values: number[]) => {
    if (values.length === 0) return DEFAULT_PRODUCTION_MS;
    const sorted = [...values].sort((x, y) => x - y);
    return sorted[Math.floor(sorted.length / 2)]!;
  };

  async function productionMs(projectId: number) {
    return median(await repo.recentProductionMs(projectId));
  }

  const produceKey = (id: number) => `${AVATAR_PRODUCE_JOB}:${id}`;
  const inProduction = (r: AvatarRow) => r.status === 'queued' || r.status === 'producing';

  async function toAvatar(r: AvatarRow, typicalMs?: number, interrupted = false): Promise<Avatar> {
    let eta: number | null = null;
    if (inProduction(r)) {
      const typical = typicalMs ?? (await productionMs((await repo.projectOf(r.deviceId)) ?? 0));
      const ahead = r.status === 'queued' ? await repo.queuedBefore(r.id, r.deviceId) : 0;
      eta = Math.max(1, Math.round(((1 - r.progress / 100 + ahead) * typical) / 1000));
    }
    const photo = mediaUrls(r.photo);
    const ready = r.status === 'ready';
    return {
      id: r.id,
      avatar_id: r.id,
      name: r.name,
      avatar_name: r.name,
      is_in_use: r.isInUse,
      virtual_avatar_type: VIRTUAL_AVATAR_TYPE,
      status: r.status,
      progress: r.progress,
      interrupted,
      eta_seconds: eta,
      failure: r.failure,
      failure_message: r.failureDetail === null ? null : operatorText(r.failureDetail),
      image_id: r.photoMediaId,
      photo_url: photo.url,
      thumb_url: photo.thumb_url,
      still_url: r.texture ? mediaUrl(r.texture.filename) : null,
      motions: {
        action_gesture: ready ? [...AVATAR_GESTURES] : [],
        idle_motion: ready ? [...AVATAR_IDLE_MOTIONS] : [],
        lip_sync_animation: ready,
      },
      created_at: r.createdAt.toISOString(),
      produced_at: r.producedAt ? r.producedAt.toISOString() : null,
      production_ms: r.productionMs,
    };
  }

  async function own(deviceId: number, id: number) {
    const row = await repo.find(id, deviceId);
    if (!row) throw notFound('This avatar does not exist on this device (it may have been deleted).');
    return row;
  }

  /** A new token for the player to load one avatar; answers the player's address with it. */
  async function playerUrl(avatarId: number, scale: number = AVATAR_SCALE.default) {
    const token = newToken();
    await repo.addToken(
      hashToken(token),
      avatarId,
      new Date(clock.now().getTime() + AVATAR_TOKEN_MINUTES * 60_000),
    );
    const q = new URLSearchParams({ model_id: String(avatarId), token, scale: String(scale) });
    return { token, url: `${AVATAR_PLAYER_PATH}?${q.toString()}` };
  }

  async function kioskAvatar(deviceId: number): Promise<KioskAvatar | null> {
    const row = await repo.inUse(deviceId);
    if (!row || row.status !== 'ready' || !row.texture) return null;
    return {
      avatar_id: row.id,
      name: row.name,
      player_url: (await playerUrl(row.id)).url,
      still_url: mediaUrl(row.texture.filename),
    };
  }

  /** Tells the consoles (status, progress) and, when the avatar in use changed, the device's kiosks. */
  async function announce(row: Pick<AvatarRow, 'id' | 'deviceId' | 'status' | 'progress'>, kiosk = false) {
    const projectId = await repo.projectOf(row.deviceId);
    if (projectId !== null) {
      notifier.toProject(projectId, {
        name: LIVE_EVENT.avatar,
        device_id: row.deviceId,
        id: row.id,
        status: row.status,
        progress: row.progress,
      });
    }
    if (kiosk)
      notifier.toDevice(row.deviceId, SOCKET.interfaceAvatar, { avatar: await kioskAvatar(row.deviceId) });
  }

  /** Makes the avatar: checks the face again on the stored photo, crops, samples, stores the texture. */
  async function produce(job: JobContext<{ avatar_id?: unknown }>) {
    const id = Number(job.payload.avatar_id);
    const row = Number.isInteger(id) ? await repo.find(id) : null;
    if (!row || row.status === 'ready' || row.status === 'failed') return;
    const started = Date.now();
    const step = async (progress: number) => {
      await repo.setProgress(id, { status: 'producing', progress }, clock.now());
      await job.progress(progress);
      await announce({ id, deviceId: row.deviceId, status: 'producing', progress });
    };
    await step(5);
    const projectId = (await repo.projectOf(row.deviceId))!;
    try {
      const made = await media.withBlobFile(row.photo.filename, async (file) => {
        const face = await checkFace(file, detector);
        if (job.signal.aborted) throw job.signal.reason;
        await step(55);
        const produced = await produceModel(file, face);
        await step(80);
        return { face, ...produced };
      });
      const texture = await media.save(Readable.from(made.texture), {
        projectId,
        userId: null,
        originalName: `avatar-${id}.webp`,
        kind: 'image',
      });
      const { width: _w, height: _h, ...face } = made.face;
      const finished = await repo.finish(
        id,
        { textureMediaId: texture.media_id, face, model: made.model, productionMs: Date.now() - started },
        clock.now(),
      );
      if (!finished) {
        // Deleted while it was being made.
        await media.discard([texture.media_id]);
        return;
      }
      const done = (await repo.find(id))!;
      await announce(done, done.isInUse);
    } catch (e) {
      if (e instanceof AppError && (FACE_REFUSALS as readonly string[]).includes(e.code)) {
        if (await repo.fail(id, e.code, e.message, clock.now())) {
          await announce({ id, deviceId: row.deviceId, status: 'failed', progress: 0 });
        }
        return;
      }
      throw e;
    }
  }

  return {
    kioskAvatar,

    async type(projectId: number) {
      return {
        virtual_avatar_type: VIRTUAL_AVATAR_TYPE,
        max_avatars: AVATAR_MAX_PER_DEVICE,
        production_seconds: Math.round((await productionMs(projectId)) / 1000),
      };
    },

    async list(projectId: number, deviceId: number) {
      const typical = await productionMs(projectId);
      const rows = await repo.list(deviceId);
      // Only avatars in production have a job to be interrupted.
      const interrupted = await jobs.interrupted(
        AVATAR_PRODUCE_JOB,
        rows.filter(inProduction).map((r) => produceKey(r.id)),
      );
      return Promise.all(rows.map((r) => toAvatar(r, typical, interrupted.has(produceKey(r.id)))));
    },

    /**
     * A portrait uploaded through the media pipeline (a JPEG, PNG or WebP photo; HEIC and GIF are
     * refused, a photo over the pixel limit too) whose face is checked at once: a refused photo is
     * discarded and the refusal says why and how to retake it.
     */
    async checkPhoto(
      actor: { projectId: number; userId: number | null },
      file: { stream: Readable; filename: string },
    ) {
      const saved = await media.save(file.stream, {
        projectId: actor.projectId,
        userId: actor.userId,
        originalName: file.filename,
        kind: 'image',
        accept: AVATAR_PHOTO_TYPES,
        acceptLabel: PHOTO_LABEL,
      });
      try {
        const face = await media.withBlobFile(saved.filename, (path) => checkFace(path, detector));
        const { width, height, ...check } = face;
        return {
          image_id: saved.media_id,
          url: saved.url,
          thumb_url: saved.thumb_url,
          width,
          height,
          face: check,
        };
      } catch (e) {
        await media.discard([saved.media_id]);
        if (e instanceof AppError) throw e;
        throw new AppError(
          503,
          'face_check_unavailable',
          'The face check could not run. Try again in a minute.',
        );
      }
    },

    /** Creates an avatar from a checked photo and queues its production. */
    async create(
      actor: { projectId: number; userId: number | null },
      deviceId: number,
      imageId: number,
      name: string,
    ) {
      const photo = await repo.photo(imageId, actor.projectId);
      if (!photo) throw notFound(`Image ${imageId} does not exist. Upload the photo again.`);
      if (photo.kind !== 'image' || !(AVATAR_PHOTO_TYPES as readonly string[]).includes(photo.mime)) {
        throw new AppError(415, 'unsupported_type', `This file is not ${PHOTO_LABEL}.`);
      }
      if ((await repo.count(deviceId)) >= AVATAR_MAX_PER_DEVICE) {
        throw conflict(
          `A device keeps at most ${AVATAR_MAX_PER_DEVICE} avatars. Delete one before making another.`,
          'too_many_avatars',
        );
      }
      const id = await repo.insert({
        deviceId,
        name,
        photoMediaId: imageId,
        createdBy: actor.userId,
        now: clock.now(),
      });
      await jobs.enqueue(AVATAR_PRODUCE_JOB, { avatar_id: id }, { key: produceKey(id) });
      const row = (await repo.find(id))!;
      await announce(row);
      return toAvatar(row);
    },

    async rename(deviceId: number, id: number, name: string) {
      await own(deviceId, id);
      await repo.rename(id, deviceId, name, clock.now());
      const row = (await repo.find(id))!;
      if (row.isInUse) await announce(row, true);
      return toAvatar(row);
    },

    /** Puts an avatar in use on its device (the others out), or out of use; its kiosks change at once. */
    async setInUse(deviceId: number, id: number, inUse: boolean) {
      const row = await own(deviceId, id);
      if (inUse && row.status !== 'ready') {
        throw conflict(
          'This avatar is not ready yet. Wait until its production has finished.',
          'avatar_not_ready',
        );
      }
      await repo.setInUse(id, deviceId, inUse, clock.now());
      const now = (await repo.find(id))!;
      await announce(now, true);
      return toAvatar(now);
    },

    /** Deletes an avatar for good (its photo and texture too); one in use leaves the device without. */
    async remove(deviceId: number, id: number) {
      const gone = await repo.remove(id, deviceId);
      if (!gone) throw notFound('This avatar does not exist on this device (it may already be deleted).');
      await media.discard(gone.mediaIds);
      await announce({ id, deviceId, status: 'failed', progress: 0 }, gone.wasInUse);
      return { wasInUse: gone.wasInUse };
    },

    /** What the motion browser and a topic's preview play: the avatar, its motions, sentences. */
    async preview(
      deviceId: number,
      opts: { avatarId?: number; motion?: string | null; scale?: number },
    ): Promise<AvatarMotionPreview> {
      const row =
        opts.avatarId !== undefined ? await own(deviceId, opts.avatarId) : await repo.inUse(deviceId);
      const motions = {
        tap_body_motions: AVATAR_GESTURES.map((id) => ({ id, url: motionFileUrl(id) })),
        idle_motions: AVATAR_IDLE_MOTIONS.map((id) => ({ id, url: motionFileUrl(id) })),
      };
      const motion = toAvatarMotion(opts.motion ?? null);
      if (!row || row.status !== 'ready' || !row.texture) {
        if (row && opts.avatarId !== undefined) {
          throw conflict(
            'This avatar is not ready yet. Wait until its production has finished.',
            'avatar_not_ready',
          );
        }
        return {
          model_id: null,
          avatar_name: null,
          player_url: null,
          still_url: null,
          motion,
          ...motions,
          sentences: [],
        };
      }
      const { token, url } = await playerUrl(row.id, opts.scale);
      const q = (sentence: string) =>
        `${AVATAR_PLAYER_PATH}api/speech?${new URLSearchParams({ model_id: String(row.id), token, sentence }).toString()}`;
      return {
        model_id: row.id,
        avatar_name: row.name,
        player_url: url,
        still_url: mediaUrl(row.texture.filename),
        motion,
        ...motions,
        sentences: sentencesFor(await repo.deviceLanguages(deviceId)).map((s) => ({ ...s, url: q(s.id) })),
      };
    },

    /** The model a token opens (the player's one call). */
    async model(modelId: number, token: string): Promise<AvatarModel> {
      const row = await tokenAvatar(modelId, token);
      return {
        model_id: row.id,
        name: row.name,
        texture_url: mediaUrl(row.texture!.filename),
        width: row.model!.width,
        height: row.model!.height,
        landmarks: row.model!.landmarks,
        colors: row.model!.colors,
        tap_body_motions: AVATAR_GESTURES.map((id) => ({ id, url: motionFileUrl(id) })),
        idle_motions: AVATAR_IDLE_MOTIONS.map((id) => ({ id, url: motionFileUrl(id) })),
      };
    },

    /** A spoken sentence of the motion browser, as WAV. */
    async sentenceAudio(modelId: number, token: string, sentence: string) {
      await tokenAvatar(modelId, token);
      const s = sentenceById(sentence);
      if (!s) throw notFound('There is no such sentence.');
      return speak(s.text, s.language);
    },

    /** Deletes expired player tokens (hourly). */
    pruneTokens: () => repo.pruneTokens(clock.now()),

    registerJobs() {
      jobs.register(AVATAR_PRODUCE_JOB, produce, {
        // One production at a time per instance: the face model takes a core.
        concurrency: 1,
        // Renewed every 6.7 s while it runs: a killed worker's avatar is taken over within 20 s
        // (and the next poll, 5 s): resumed in under 30 s.
        leaseMs: 20_000,
        onFailed: async ({ payload }) => {
          const id = Number(payload.avatar_id);
          const row = Number.isInteger(id) ? await repo.find(id) : null;
          if (!row) return;
          // What broke is in the server's log (the queue logs `error`); the operator reads what to do.
          const detail =
            'Making the avatar stopped with an unexpected error (recorded in the server log). Try again, or with another photo.';
          if (await repo.fail(id, 'production_failed', detail, clock.now())) {
            await announce({ id, deviceId: row.deviceId, status: 'failed', progress: 0 });
          }
        },
      });
    },
  };

  async function tokenAvatar(modelId: number, token: string) {
    const avatarId = await repo.tokenAvatar(hashToken(token), clock.now());
    if (avatarId === null || avatarId !== modelId) {
      throw new AppError(
        401,
        'avatar_token_expired',
        'This avatar link has expired. Open the preview again.',
      );
    }
    const row = await repo.find(avatarId);
    if (!row || row.status !== 'ready' || !row.model || !row.texture) {
      throw notFound('This avatar no longer exists.');
    }
    return row;
  }
}

export type AvatarsService = ReturnType<typeof createAvatarsService>;
export type { FaceRefusal };
