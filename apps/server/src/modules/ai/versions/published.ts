import type { DeviceKind, Language } from '@ambassador/contracts';
import { createMatcherRegistry } from '../../../matcher/index.js';
import type { VectorService } from '../../../nlu/vectors.js';
import { createAnswerService } from '../answering/answer-service.js';
import { createMatcherSource } from '../answering/matcher-source.js';
import { versionData, versionRepos, type VersionData } from './image.js';
import type { VersionsRepo } from './repo.js';

/**
 * What kiosks answer from once a device publishes: its live version, held in memory with a
 * matcher of its own, beside the draft's (which the console and the test console use). A device
 * that never published has none, and its kiosks answer from the tables as they always did.
 */
export function createPublishedAnswers({
  repo,
  vectors,
  log,
}: {
  repo: Pick<VersionsRepo, 'liveImage'>;
  vectors?: VectorService;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  /** Per device: its live version's data, or null when it has none; read once, until a publish. */
  const live = new Map<number, Promise<VersionData | null>>();
  const liveOf = (deviceId: number) => {
    let data = live.get(deviceId);
    if (!data) {
      data = repo.liveImage(deviceId).then((row) => (row ? versionData(row.image) : null));
      // A failed read is tried again by the next question.
      data.catch(() => live.delete(deviceId));
      live.set(deviceId, data);
    }
    return data;
  };
  const repos = versionRepos(async (deviceId) => {
    const data = await liveOf(deviceId);
    if (!data) throw new Error(`device ${deviceId} has no live AI version`);
    return data;
  });
  const source = createMatcherSource({ ...repos, vectors, prune: false, log });
  const matcher = createMatcherRegistry({ ...source, log });
  const answers = createAnswerService({ matcher, topics: repos.topics, responses: repos.responses });
  /**
   * Devices whose draft is the live version (just published or restored, not edited since): while
   * the live version's first matcher builds (seconds for a large device), the draft's answers are
   * the same, and a visitor is answered from them instead of waiting.
   */
  const sameAsDraft = new Set<number>();

  return {
    /** The live version's answer; null: answer from the draft (none is live, or it is the same). */
    async ask(deviceId: number, kind: DeviceKind, language: Language, text: string) {
      if (!(await liveOf(deviceId))) return null;
      if (sameAsDraft.has(deviceId) && matcher.status(deviceId).topics === null) return null;
      return answers.ask(deviceId, kind, language, text);
    },
    /** The live version's AI settings row (undefined: defaults); null when the device has no live version. */
    async settings(deviceId: number) {
      const data = await liveOf(deviceId);
      return data === null ? null : data.settings;
    },
    /**
     * A publish, restore or stop on any instance: read again, and build the new version's matcher
     * at once (beside the one in use, which answers until it takes over), not at the next question.
     */
    changed(deviceId: number) {
      live.delete(deviceId);
      sameAsDraft.add(deviceId);
      liveOf(deviceId)
        .then((data) => {
          if (!data) return matcher.drop(deviceId);
          matcher.invalidate(deviceId);
          return matcher.warm(deviceId);
        })
        .catch((err: unknown) => log.warn({ err, deviceId }, 'building a published AI version failed'));
    },
    /** The draft changed: it is no longer the live version. */
    draftChanged(deviceId: number) {
      sameAsDraft.delete(deviceId);
    },
    /** Built before the first question (the server's start): devices with a live version. */
    async warm(deviceId: number) {
      if (await liveOf(deviceId)) await matcher.warm(deviceId);
    },
    drop(deviceId: number) {
      live.delete(deviceId);
      sameAsDraft.delete(deviceId);
      matcher.drop(deviceId);
    },
    close: () => matcher.close(),
  };
}

export type PublishedAnswers = ReturnType<typeof createPublishedAnswers>;
