/**
 * Per-device document indexes in memory. Built on a device's first question (or POST
 * /mrc/projects), then kept fresh two ways: `invalidate(deviceId)` (the scan side calls it through
 * the event bus, so every instance hears it) and a cheap check of the device's documents at most
 * once a second (a change no event announced). A rebuild runs beside the index in use, which keeps
 * answering until the new one takes over: only a device's very first question waits for a build.
 */
import { buildIndex, type Bm25Index, type Bm25Params, type IndexedPassage } from './bm25.js';
import { buildDenseDocs, denseTexts, type DenseDocs } from './dense.js';
import type { DocumentStats, RetrievalRepo } from './repo.js';
import type { VectorService } from '../../../nlu/vectors.js';

export interface IndexRegistryDeps {
  repo: RetrievalRepo;
  params?: Partial<Bm25Params>;
  /** How often a device's documents are checked for changes, at most (ms). */
  freshnessMs?: number;
  now?: () => Date;
  log?: { error(obj: object, msg: string): void };
  /** Stored sentence embeddings: passages are found by meaning too. None: by words only. */
  vectors?: VectorService;
  /** Embedding that could not finish (the model was down) is tried again after this long. */
  denseRetryMs?: number;
}

interface Entry {
  current: Bm25Index | null;
  /** The documents' version the current index was read at. */
  version: string | null;
  checkedAt: number;
  stats: DocumentStats | null;
  /** Bumped by every invalidation; a build brings `built` up to it. */
  wanted: number;
  built: number;
  building: Promise<void> | null;
  /** The current index's passage and sentence vectors, once embedded (null meanwhile: by words). */
  dense: { index: Bm25Index; docs: DenseDocs } | null;
  denseRetry?: NodeJS.Timeout;
}

export interface IndexRegistry {
  /** The device's index, fresh to within a second; waits only when there is none yet. */
  get(deviceId: number): Promise<Bm25Index>;
  /** Builds the index now (if missing or stale) and waits for it. */
  build(deviceId: number): Promise<Bm25Index>;
  /** The device's documents changed: rebuild beside the index in use. */
  invalidate(deviceId: number): void;
  /** The index held in memory, if any (no build). */
  held(deviceId: number): Bm25Index | null;
  /** The current index's vectors, when its passages have all been embedded. */
  dense(deviceId: number): DenseDocs | null;
  stats(deviceId: number): Promise<DocumentStats>;
}

export function createIndexRegistry(deps: IndexRegistryDeps): IndexRegistry {
  const entries = new Map<number, Entry>();
  const freshnessMs = deps.freshnessMs ?? 1_000;
  const now = deps.now ?? (() => new Date());

  function entryOf(deviceId: number): Entry {
    let entry = entries.get(deviceId);
    if (!entry) {
      entry = {
        current: null,
        version: null,
        checkedAt: 0,
        stats: null,
        wanted: 1,
        built: 0,
        building: null,
        dense: null,
      };
      entries.set(deviceId, entry);
    }
    return entry;
  }

  /** One build loop per device: a change that arrives during a build is picked up by the next round. */
  function rebuild(deviceId: number, entry: Entry): Promise<void> {
    entry.building ??= (async () => {
      try {
        while (entry.built < entry.wanted) {
          const target = entry.wanted;
          // The version first: a change committed after it is read makes the next check rebuild.
          const stats = await deps.repo.stats(deviceId);
          const passages = await deps.repo.passages(deviceId);
          entry.current = await buildIndex(passages, { params: deps.params, now });
          void embed(deviceId, entry, entry.current, passages);
          entry.version = stats.version;
          entry.stats = stats;
          entry.checkedAt = Date.now();
          entry.built = target;
        }
      } catch (err) {
        deps.log?.error({ err, deviceId }, 'building a document index failed');
        throw err;
      } finally {
        entry.building = null;
      }
    })();
    return entry.building;
  }

  /**
   * Passages and their sentences embedded beside the index in use (stored vectors are read, only
   * new text is embedded): a device's first question never waits for the model.
   */
  async function embed(deviceId: number, entry: Entry, index: Bm25Index, passages: IndexedPassage[]) {
    if (!deps.vectors) return;
    try {
      const found = await deps.vectors.lookup(deviceId, 'documents', 'passage', denseTexts(passages), {
        prune: true,
      });
      const background = found ? await deps.vectors.background() : null;
      if (!found || entry.current !== index) return;
      if (found.complete && background) {
        entry.dense = { index, docs: buildDenseDocs(passages, found.vectors, background) };
        return;
      }
      clearTimeout(entry.denseRetry);
      entry.denseRetry = setTimeout(() => {
        if (entry.current === index) void embed(deviceId, entry, index, passages);
      }, deps.denseRetryMs ?? 15_000);
      entry.denseRetry.unref();
    } catch (err) {
      deps.log?.error({ err, deviceId }, "embedding a device's documents failed");
    }
  }

  async function check(deviceId: number, entry: Entry) {
    if (Date.now() - entry.checkedAt < freshnessMs) return;
    entry.checkedAt = Date.now();
    const stats = await deps.repo.stats(deviceId);
    entry.stats = stats;
    if (stats.version !== entry.version && entry.built >= entry.wanted) {
      entry.wanted++;
      void rebuild(deviceId, entry).catch(() => undefined);
    }
  }

  return {
    async get(deviceId) {
      const entry = entryOf(deviceId);
      if (!entry.current) {
        await rebuild(deviceId, entry);
        return entry.current!;
      }
      await check(deviceId, entry);
      return entry.current;
    },
    async build(deviceId) {
      const entry = entryOf(deviceId);
      if (entry.current) await check(deviceId, entry);
      if (!entry.current || entry.building) await rebuild(deviceId, entry);
      return entry.current!;
    },
    invalidate(deviceId) {
      const entry = entries.get(deviceId);
      // Nothing held: the first question reads the documents as they are then.
      if (!entry) return;
      entry.wanted++;
      void rebuild(deviceId, entry).catch(() => undefined);
    },
    held(deviceId) {
      return entries.get(deviceId)?.current ?? null;
    },
    dense(deviceId) {
      const entry = entries.get(deviceId);
      return entry?.dense && entry.dense.index === entry.current ? entry.dense.docs : null;
    },
    async stats(deviceId) {
      return deps.repo.stats(deviceId);
    },
  };
}
