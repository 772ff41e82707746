import type { Language } from '@ambassador/contracts';
import { buildMatcherAsync } from './matcher.js';
import type {
  DeviceMatcher,
  MatchOptions,
  MatchResult,
  MatcherRegistry,
  MatcherRegistryDeps,
  MatcherState,
  MatcherStatus,
} from './types.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting when a first build fails: that is not an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * One device. Every invalidation gets the next number (`wanted`); `current` has learnt every change
 * up to `built`. A rebuild loop (`pump`, one per device at a time) brings `built` up to `wanted`,
 * so a change that arrives during a rebuild is picked up by the next round: never lost, never raced.
 */
interface DeviceEntry {
  id: number;
  /** What questions are answered by; null until the first build is done. */
  current: DeviceMatcher | null;
  built: number;
  wanted: number;
  /** The newest invalidation that needs a whole rebuild (the first build counts as one). */
  fullWanted: number;
  /** Topic id → the newest invalidation that named it, for incremental updates. */
  changedTopics: Map<number, number>;
  running: boolean;
  failures: number;
  retry?: NodeJS.Timeout;
  vectorsRetry?: NodeJS.Timeout;
  state: MatcherState;
  since: Date;
  /** The questions that came before the first build: answered by it. */
  first: Deferred<DeviceMatcher> | null;
  /** `whenReady` callers. */
  readyWaiters: Array<() => void>;
  /** Questions waiting for an incremental update (a console edit) to be applied. */
  stepWaiters: Array<() => void>;
}

/**
 * Per-device matchers kept in memory. A rebuild (import, transfer, alias change, start-up) builds
 * the new model beside the old one and swaps it in when done; questions meanwhile are answered by
 * the old one, so no question waits for a rebuild but a device's very first. A failed rebuild keeps
 * the old model, is logged and retried.
 */
export function createMatcherRegistry(deps: MatcherRegistryDeps): MatcherRegistry {
  const entries = new Map<number, DeviceEntry>();
  const options = deps.threshold === undefined ? undefined : { threshold: deps.threshold };
  // Short slices: a request needs several turns of the event loop (read, queries, write), and each
  // turn during a rebuild also runs one slice; at 20 ms a question waited ~100 ms behind a rebuild.
  const sliceMs = deps.sliceMs ?? 5;
  const now = deps.now ?? (() => new Date());
  const retryMs = deps.retryMs ?? 1_000;
  const retryMaxMs = deps.retryMaxMs ?? 60_000;
  let closed = false;

  // Built in time slices: a large device's build takes seconds, and every other request (sign-ins,
  // the console, other devices' questions, this device's questions on its old model) is served
  // in between.
  const fullLoad = (deviceId: number) =>
    deps.load(deviceId).then(async (snapshot) => ({
      matcher: await buildMatcherAsync(snapshot, { ...options, sliceMs }),
      complete: snapshot.vectorsComplete !== false,
      pending: snapshot.vectorsPending,
    }));
  const vectorsRetryMs = deps.vectorsRetryMs ?? 15_000;

  const attached = (entry: DeviceEntry) => entries.get(entry.id) === entry;

  function setState(entry: DeviceEntry, state: MatcherState) {
    if (entry.state === state) return;
    entry.state = state;
    entry.since = now();
    if (state === 'ready') for (const resolve of entry.readyWaiters.splice(0)) resolve();
  }

  function entryOf(deviceId: number): DeviceEntry {
    let entry = entries.get(deviceId);
    if (!entry) {
      entry = {
        id: deviceId,
        current: null,
        built: 0,
        wanted: 1,
        fullWanted: 1,
        changedTopics: new Map(),
        running: false,
        failures: 0,
        state: 'training',
        since: now(),
        first: null,
        readyWaiters: [],
        stepWaiters: [],
      };
      entries.set(deviceId, entry);
    }
    return entry;
  }

  /** Brings the device's matcher up to date, one step at a time; only one loop per device runs. */
  async function pump(entry: DeviceEntry): Promise<void> {
    if (entry.running || closed) return;
    entry.running = true;
    if (entry.retry) clearTimeout(entry.retry);
    entry.retry = undefined;
    setState(entry, 'training');
    try {
      while (entry.built < entry.wanted && attached(entry) && !closed) {
        const target = entry.wanted;
        if (!entry.current || entry.fullWanted > entry.built) {
          // Whole rebuild, beside the matcher in use. The rows are read after every change up to
          // `target` was committed, so the new matcher has learnt all of them.
          const { matcher, complete, pending } = await fullLoad(entry.id);
          entry.current = matcher;
          const again = (ms: number) => {
            if (entry.vectorsRetry) clearTimeout(entry.vectorsRetry);
            entry.vectorsRetry = setTimeout(() => {
              entry.vectorsRetry = undefined;
              if (!attached(entry) || closed) return;
              entry.fullWanted = ++entry.wanted;
              void pump(entry);
            }, ms);
            entry.vectorsRetry.unref();
          };
          // Its phrases are being embedded: answer by words meanwhile, build again once they are
          // stored (a little later if the embedder gave up).
          if (pending) void pending.then((stored) => again(stored ? 0 : vectorsRetryMs));
          // Some phrases could not be embedded (the embedder was down): answer with what there is
          // (lexical for them) and build again a little later.
          else if (!complete) again(vectorsRetryMs);
          entry.built = target;
          entry.first?.resolve(matcher);
          entry.first = null;
        } else {
          const ids = [...entry.changedTopics].filter(([, v]) => v > entry.built).map(([id]) => id);
          if (ids.length > 0) {
            const topics = await deps.loadTopics!(entry.id, ids);
            const vectors = await deps.loadVectors?.(entry.id, topics);
            if (!entry.current.dense && vectors && vectors.size > 0) {
              // The device's first phrases with vectors (it had none, or the model was not up at
              // its build): a whole build brings in the dense side with its background.
              entry.fullWanted = target;
              continue;
            }
            const found = new Set(topics.map((t) => t.id));
            // Synchronous (tens of ms at most): no question sees a half-updated matcher.
            entry.current.update(
              topics,
              ids.filter((id) => !found.has(id)), // not returned: deleted
              undefined,
              vectors,
            );
          }
          entry.built = target;
        }
        for (const [id, v] of entry.changedTopics) if (v <= entry.built) entry.changedTopics.delete(id);
        for (const resolve of entry.stepWaiters.splice(0)) resolve();
      }
      entry.failures = 0;
      if (entry.built >= entry.wanted) setState(entry, 'ready');
    } catch (err) {
      entry.failures++;
      deps.log?.error(
        { err, deviceId: entry.id, failures: entry.failures },
        entry.current
          ? 'rebuilding an intent matcher failed; the previous one keeps answering'
          : 'building an intent matcher failed',
      );
      // Waiting first questions get the error now; the next question tries again at once.
      entry.first?.reject(err);
      entry.first = null;
      if (attached(entry) && !closed) {
        const wait = Math.min(retryMaxMs, retryMs * 2 ** (entry.failures - 1));
        entry.retry = setTimeout(() => void pump(entry), wait);
        entry.retry.unref();
      }
    } finally {
      entry.running = false;
      for (const resolve of entry.stepWaiters.splice(0)) resolve();
    }
    // A device dropped meanwhile: nobody should wait for it any longer.
    if (!attached(entry)) for (const resolve of entry.readyWaiters.splice(0)) resolve();
  }

  async function firstMatcher(entry: DeviceEntry): Promise<DeviceMatcher> {
    if (entry.current) return entry.current;
    entry.first ??= deferred();
    const waiting = entry.first.promise;
    void pump(entry);
    return waiting;
  }

  return {
    async match(
      deviceId: number,
      language: Language,
      text: string,
      opts?: MatchOptions,
    ): Promise<MatchResult> {
      const entry = entryOf(deviceId);
      if (entry.current && entry.running && entry.built < entry.wanted && entry.fullWanted <= entry.built) {
        // Only topic edits are pending (no whole rebuild): they take milliseconds, so the question
        // waits for them and the console's next test sees its edit. A whole rebuild is never waited for.
        await new Promise<void>((resolve) => entry.stepWaiters.push(resolve));
      }
      const matcher = entry.current ?? (await firstMatcher(entry));
      const dense =
        matcher.dense && deps.embed && opts?.dense === undefined ? await deps.embed(text) : opts?.dense;
      return matcher.match(text, language, { ...opts, dense });
    },

    async nearest(deviceId: number, text: string, limit: number) {
      const entry = entryOf(deviceId);
      const matcher = entry.current ?? (await firstMatcher(entry));
      const q = matcher.dense && deps.embed ? await deps.embed(text) : null;
      return q ? matcher.nearest(q, limit) : null;
    },

    invalidate(deviceId: number, topicIds?: number[]): void {
      const entry = entries.get(deviceId);
      // Nothing held: the first use reads the rows as they are then.
      if (!entry) return;
      const v = ++entry.wanted;
      if (!topicIds || !deps.loadTopics) entry.fullWanted = v;
      else for (const id of topicIds) entry.changedTopics.set(id, v);
      setState(entry, 'training');
      void pump(entry);
    },

    drop(deviceId: number): void {
      const entry = entries.get(deviceId);
      if (!entry) return;
      entries.delete(deviceId);
      if (entry.retry) clearTimeout(entry.retry);
      if (entry.vectorsRetry) clearTimeout(entry.vectorsRetry);
      if (!entry.running) for (const resolve of entry.readyWaiters.splice(0)) resolve();
    },

    async warm(deviceId: number): Promise<void> {
      await firstMatcher(entryOf(deviceId));
    },

    status(deviceId: number): MatcherStatus {
      const known = entries.has(deviceId);
      const entry = entryOf(deviceId);
      if (!known) void firstMatcher(entry);
      return {
        state: entry.state,
        since: entry.since,
        topics: entry.current?.topicCount ?? null,
        dense: entry.current?.dense ?? false,
      };
    },

    counts() {
      const counts = { ready: 0, training: 0, failed: 0 };
      for (const entry of entries.values()) {
        if (entry.failures > 0) counts.failed++;
        else counts[entry.state]++;
      }
      return counts;
    },

    whenReady(deviceId: number): Promise<void> {
      const entry = entryOf(deviceId);
      if (entry.state === 'ready' && entry.built >= entry.wanted) return Promise.resolve();
      const ready = new Promise<void>((resolve) => entry.readyWaiters.push(resolve));
      if (!entry.current) void firstMatcher(entry);
      return ready;
    },

    close(): void {
      closed = true;
      for (const entry of entries.values()) {
        if (entry.retry) clearTimeout(entry.retry);
        if (entry.vectorsRetry) clearTimeout(entry.vectorsRetry);
      }
    },
  };
}
