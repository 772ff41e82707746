import { AI_VERSIONS_KEPT, type AiVersionsResponse } from '@ambassador/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound } from '../../../lib/errors.js';
import type { AuthContext } from '../../auth/index.js';
import type { AiChangeListener } from '../changes.js';
import { draftChanges, type VersionImage } from './image.js';
import type { VersionsRepo } from './repo.js';

type Actor = Pick<AuthContext, 'username'>;

const counts = (image: VersionImage) => ({
  topics: image.ai_topics.length,
  phrases: image.ai_keywords.length,
  responses: image.ai_responses.length,
});

/**
 * Draft and publish: publishing takes every AI row of the device into a version and makes it the
 * one its kiosks answer from; restoring puts a version's rows back into the draft and makes it
 * live (an unpublished draft is kept first as a version of its own, so nothing is lost).
 */
export function createVersionsService({
  db,
  repo,
  clock,
  listener,
  published,
  keep = AI_VERSIONS_KEPT,
}: {
  db: Db;
  repo: VersionsRepo;
  clock: Clock;
  /** The draft's matcher and answer data (a restore changes the tables). */
  listener: AiChangeListener;
  /** Every instance's kiosk answers read the live version again. */
  published: (deviceId: number) => void;
  keep?: number;
}) {
  /** A new version of the draft as it is now, in `tx`. */
  async function take(tx: Db, actor: Actor, deviceId: number, image: VersionImage, note: string) {
    return repo.insert(tx, { deviceId, note, image, ...counts(image), createdBy: actor.username });
  }

  async function liveImage(tx: Db, deviceId: number) {
    const live = await repo.live(deviceId, tx);
    return live ? ((await repo.image(tx, deviceId, live.versionId))?.image ?? null) : null;
  }

  return {
    async overview(deviceId: number): Promise<AiVersionsResponse> {
      const { live, changes, versions } = await db.transaction(async (tx) => {
        const live = await repo.live(deviceId, tx);
        const then = live ? await repo.image(tx, deviceId, live.versionId) : null;
        const changes = then ? draftChanges(await repo.imageOf(tx, deviceId), then.image) : null;
        return {
          live: live && then ? { ...live, number: then.number } : null,
          changes,
          versions: await repo.list(deviceId, tx),
        };
      });
      return {
        live: live && {
          version_id: live.versionId,
          number: live.number,
          published_by: live.publishedBy,
          published_at: live.publishedAt.toISOString(),
        },
        changes,
        versions: versions.map((v) => ({
          id: v.id,
          number: v.number,
          note: v.note,
          topics: v.topics,
          phrases: v.phrases,
          responses: v.responses,
          created_by: v.createdBy,
          created_at: v.createdAt.toISOString(),
        })),
      };
    },

    /** The draft becomes version N and goes live; a draft equal to the live version is a 409. */
    async publish(actor: Actor, deviceId: number, note: string) {
      const version = await db.transaction(async (tx) => {
        await repo.lock(tx, deviceId);
        const draft = await repo.imageOf(tx, deviceId);
        const then = await liveImage(tx, deviceId);
        if (then && !draftChanges(draft, then).any)
          throw conflict('Nothing changed since the live version.', 'nothing_to_publish');
        const made = await take(tx, actor, deviceId, draft, note);
        await repo.setLive(tx, deviceId, made.id, actor.username, clock.now());
        await repo.prune(tx, deviceId, keep);
        return made;
      });
      published(deviceId);
      return version;
    },

    /** Version `versionId` back into the draft, and live. */
    async restore(actor: Actor, deviceId: number, versionId: number) {
      const number = await db.transaction(async (tx) => {
        await repo.lock(tx, deviceId);
        const version = await repo.image(tx, deviceId, versionId);
        if (!version) throw notFound('Version not found.');
        const draft = await repo.imageOf(tx, deviceId);
        const then = await liveImage(tx, deviceId);
        // What was never published is kept, so that restoring an old version loses nothing.
        if (!then || draftChanges(draft, then).any)
          await take(tx, actor, deviceId, draft, `Draft before restoring version ${version.number}`);
        await repo.putBack(tx, deviceId, version.image);
        await repo.setLive(tx, deviceId, versionId, actor.username, clock.now());
        await repo.prune(tx, deviceId, keep);
        return version.number;
      });
      listener.changed(deviceId);
      listener.settingsChanged?.(deviceId);
      published(deviceId);
      return { number };
    },

    /** No more drafts: kiosks answer from the tables again, every edit at once. */
    async stop(deviceId: number) {
      if (!(await repo.clearLive(deviceId)))
        throw conflict('Nothing is published on this device.', 'not_published');
      published(deviceId);
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
