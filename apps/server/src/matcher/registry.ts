import type { Language } from '@ambassador/contracts';
import { buildMatcherAsync } from './matcher.js';
import type {
  DeviceMatcher,
  MatchOptions,
  MatchResult,
  MatcherRegistry,
  MatcherRegistryDeps,
} from './types.js';

interface Entry {
  /** Bumped by every invalidate/drop: a load that finishes under an older version is not kept. */
  version: number;
  promise: Promise<DeviceMatcher>;
  /** Set once the promise has settled successfully. */
  ready: boolean;
}

/**
 * Per-device matchers kept in memory. Concurrent cold calls share one load; invalidation during a
 * load makes waiting callers retry with a fresh load; failed loads are not cached.
 */
export function createMatcherRegistry(deps: MatcherRegistryDeps): MatcherRegistry {
  const entries = new Map<number, Entry>();
  const versions = new Map<number, number>();
  const options = deps.threshold === undefined ? undefined : { threshold: deps.threshold };

  const bump = (deviceId: number) => {
    const v = (versions.get(deviceId) ?? 0) + 1;
    versions.set(deviceId, v);
    return v;
  };

  function track(deviceId: number, promise: Promise<DeviceMatcher>): Entry {
    const entry: Entry = { version: versions.get(deviceId) ?? 0, promise, ready: false };
    entries.set(deviceId, entry);
    promise.then(
      () => {
        entry.ready = true;
      },
      () => {
        if (entries.get(deviceId) === entry) entries.delete(deviceId);
      },
    );
    return entry;
  }

  // Built in time slices: a large device's first build takes seconds, and every other request
  // (sign-ins, the console, other devices' questions) would wait behind it.
  const fullLoad = (deviceId: number) =>
    deps.load(deviceId).then((snapshot) => buildMatcherAsync(snapshot, options));

  function get(deviceId: number): Entry {
    return entries.get(deviceId) ?? track(deviceId, fullLoad(deviceId));
  }

  return {
    async match(
      deviceId: number,
      language: Language,
      text: string,
      opts?: MatchOptions,
    ): Promise<MatchResult> {
      // Retry while the device is invalidated under us, but never loop forever on a busy device.
      for (let attempt = 0; ; attempt++) {
        const entry = get(deviceId);
        const matcher = await entry.promise;
        const current = entries.get(deviceId);
        if (attempt >= 3 || (current === entry && entry.version === (versions.get(deviceId) ?? 0))) {
          return matcher.match(text, language, opts);
        }
      }
    },

    invalidate(deviceId: number, topicIds?: number[]): void {
      const entry = entries.get(deviceId);
      bump(deviceId);
      if (!entry || !entry.ready || !topicIds || !deps.loadTopics) {
        // Nothing built yet, a load in flight (it may have read old rows), or no way to load only
        // some topics: drop, and the next match rebuilds from scratch.
        entries.delete(deviceId);
        return;
      }
      const loadTopics = deps.loadTopics;
      const ids = [...new Set(topicIds)];
      const updated = entry.promise.then(async (matcher) => {
        const topics = await loadTopics(deviceId, ids);
        const found = new Set(topics.map((t) => t.id));
        // Topics not returned were deleted.
        matcher.update(
          topics,
          ids.filter((id) => !found.has(id)),
        );
        return matcher;
      });
      // If the partial load fails, fall back to a full one rather than serving a stale matcher.
      track(
        deviceId,
        updated.catch(() => fullLoad(deviceId)),
      );
    },

    drop(deviceId: number): void {
      bump(deviceId);
      entries.delete(deviceId);
    },

    async warm(deviceId: number): Promise<void> {
      await get(deviceId).promise;
    },
  };
}
