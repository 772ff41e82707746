import { describe, expect, it, vi } from 'vitest';
import { syntheticTopics } from '../test/matcher-topics.js';
import { createMatcherRegistry, type DeviceAiSnapshot, type MatcherTopic } from './index.js';

const topic = (id: number, ...keywords: string[]): MatcherTopic => ({
  id,
  name: `topic ${id}`,
  active: true,
  examples: keywords.map((text) => ({ language: 'english', text, kind: 'keyword' })),
});

function fakeDb(topics: MatcherTopic[]) {
  const db = {
    topics,
    loads: 0,
    topicLoads: 0,
    fail: false,
    /** When set, full loads wait for it (a rebuild held under way). */
    gate: null as Promise<void> | null,
  };
  return {
    db,
    deps: {
      async load(): Promise<DeviceAiSnapshot> {
        db.loads++;
        // The rows are read when the load starts, as a database would.
        const rows = structuredClone(db.topics);
        const fail = db.fail;
        await new Promise((r) => setImmediate(r));
        if (db.gate) await db.gate;
        if (fail) throw new Error('db down');
        return { topics: rows, entities: [] };
      },
      async loadTopics(_deviceId: number, ids: number[]) {
        db.topicLoads++;
        await new Promise((r) => setImmediate(r));
        return structuredClone(db.topics.filter((t) => ids.includes(t.id)));
      },
    },
  };
}

describe('createMatcherRegistry', () => {
  it('shares one load between concurrent cold calls and then answers from memory', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking'), topic(2, 'opening hours')]);
    const registry = createMatcherRegistry(deps);
    const [a, b] = await Promise.all([
      registry.match(7, 'english', 'parking?'),
      registry.match(7, 'english', 'opening hours'),
    ]);
    expect(a.best?.topicId).toBe(1);
    expect(b.best?.topicId).toBe(2);
    await registry.match(7, 'english', 'parking');
    expect(db.loads).toBe(1);
  });

  it('reloads after invalidate and incrementally updates given topics', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking'), topic(2, 'opening hours')]);
    const registry = createMatcherRegistry(deps);
    await registry.match(1, 'english', 'parking');

    db.topics = [topic(1, 'parking'), topic(2, 'opening hours'), topic(3, 'lost and found')];
    registry.invalidate(1, [3]);
    await registry.whenReady(1);
    expect((await registry.match(1, 'english', 'lost and found')).best?.topicId).toBe(3);
    expect(db.loads).toBe(1);
    expect(db.topicLoads).toBe(1);

    db.topics = [topic(2, 'opening hours'), topic(3, 'lost and found')];
    registry.invalidate(1, [1]); // deleted: not returned by loadTopics
    await registry.whenReady(1);
    expect((await registry.match(1, 'english', 'parking')).best?.topicId).not.toBe(1);

    db.topics = [topic(2, 'opening hours'), topic(4, 'wifi')];
    registry.invalidate(1);
    await registry.whenReady(1);
    expect((await registry.match(1, 'english', 'wifi')).best?.topicId).toBe(4);
    expect(db.loads).toBe(2);

    registry.drop(1);
    await registry.match(1, 'english', 'wifi');
    expect(db.loads).toBe(3);
  });

  it('answers a first question asked before an invalidate with the first build, then rebuilds', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking')]);
    const registry = createMatcherRegistry(deps);
    const pending = registry.match(1, 'english', 'wifi');
    db.topics = [topic(1, 'parking'), topic(2, 'wifi')];
    registry.invalidate(1);
    // Asked before the change: answered by what the device knew then.
    expect((await pending).best?.topicId ?? null).not.toBe(2);
    await registry.whenReady(1);
    expect((await registry.match(1, 'english', 'wifi')).best?.topicId).toBe(2);
    expect(db.loads).toBe(2);
  });

  it('warms a device so its first question needs no load', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking')]);
    const registry = createMatcherRegistry(deps);
    await registry.warm(3);
    expect(db.loads).toBe(1);
    expect((await registry.match(3, 'english', 'parking')).best?.topicId).toBe(1);
    expect(db.loads).toBe(1);
  });

  it('does not cache a failed load', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking')]);
    const registry = createMatcherRegistry({ ...deps, threshold: 0.3 });
    db.fail = true;
    await expect(registry.match(1, 'english', 'parking')).rejects.toThrow('db down');
    db.fail = false;
    const res = await registry.match(1, 'english', 'parking');
    expect(res.best?.topicId).toBe(1);
    expect(res.threshold).toBe(0.3);
  });

  it('keeps the event loop turning while it builds a large matcher', async () => {
    const topics = syntheticTopics(300);
    const { deps } = fakeDb(topics);
    const registry = createMatcherRegistry(deps);
    // A build held in one piece would let no interval callback run until it finished.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const res = await registry.match(1, 'english', topics[123]!.examples[0]!.text);
      expect(res.best?.topicId).toBe(topics[123]!.id);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('answers at once from the previous model while a rebuild is under way, then swaps', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking'), topic(2, 'opening hours')]);
    let clock = 1_000;
    const registry = createMatcherRegistry({ ...deps, now: () => new Date(clock) });
    await registry.warm(1);
    expect(registry.status(1)).toEqual({ state: 'ready', since: new Date(1_000), topics: 2, dense: false });

    let release!: () => void;
    db.gate = new Promise((r) => (release = r));
    db.topics = [topic(1, 'parking'), topic(2, 'opening hours'), topic(3, 'wifi password')];
    clock = 2_000;
    registry.invalidate(1); // an import: the whole device is rebuilt
    expect(registry.status(1)).toEqual({
      state: 'training',
      since: new Date(2_000),
      topics: 2,
      dense: false,
    });

    // Held rebuild: questions are still answered, by the previous model, without waiting for it.
    const started = performance.now();
    const during = await registry.match(1, 'english', 'parking');
    expect(performance.now() - started).toBeLessThan(50);
    expect(during.best?.topicId).toBe(1);
    expect((await registry.match(1, 'english', 'wifi password')).best?.topicId ?? null).not.toBe(3);

    clock = 3_000;
    release();
    db.gate = null;
    await registry.whenReady(1);
    expect(registry.status(1)).toEqual({ state: 'ready', since: new Date(3_000), topics: 3, dense: false });
    expect((await registry.match(1, 'english', 'wifi password')).best?.topicId).toBe(3);
    expect(db.loads).toBe(2);
  });

  it('waits for a topic edit (milliseconds) before answering, never for a whole rebuild', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking')]);
    const registry = createMatcherRegistry(deps);
    await registry.warm(1);
    db.topics = [topic(1, 'parking'), topic(2, 'wifi')];
    registry.invalidate(1, [2]); // a keyword added in the console
    expect((await registry.match(1, 'english', 'wifi')).best?.topicId).toBe(2);
    expect(db.topicLoads).toBe(1);
  });

  it('loses no change made during a rebuild: the newest data wins', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking')]);
    const registry = createMatcherRegistry(deps);
    await registry.warm(1);

    let release!: () => void;
    db.gate = new Promise((r) => (release = r));
    db.topics = [topic(1, 'parking'), topic(2, 'wifi')];
    registry.invalidate(1); // rebuild 1 reads {parking, wifi} and is held
    await new Promise((r) => setImmediate(r));
    db.topics = [topic(1, 'parking'), topic(2, 'wifi'), topic(3, 'toilets')];
    registry.invalidate(1); // during rebuild 1: another whole rebuild is queued
    db.topics = [topic(1, 'parking'), topic(2, 'wifi'), topic(3, 'toilets'), topic(4, 'taxi')];
    registry.invalidate(1, [4]); // and a topic edit
    expect(registry.status(1).state).toBe('training');
    expect((await registry.match(1, 'english', 'wifi')).best?.topicId ?? null).not.toBe(2);

    db.gate = null;
    release();
    await registry.whenReady(1);
    for (const [text, id] of [
      ['wifi', 2],
      ['toilets', 3],
      ['taxi', 4],
    ] as const) {
      expect((await registry.match(1, 'english', text)).best?.topicId).toBe(id);
    }
    // The first load, the held rebuild, one more for the changes made during it.
    expect(db.loads).toBe(3);
    expect(registry.status(1)).toMatchObject({ state: 'ready', topics: 4 });
  });

  it('keeps the previous model when a rebuild fails, logs it, and retries', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking')]);
    const errors: string[] = [];
    const registry = createMatcherRegistry({
      ...deps,
      retryMs: 20,
      log: { error: (_obj, msg) => errors.push(msg) },
    });
    await registry.warm(1);

    db.fail = true;
    db.topics = [topic(1, 'parking'), topic(2, 'wifi')];
    registry.invalidate(1);
    await vi.waitFor(() => expect(errors[0]).toMatch(/previous one keeps answering/));
    expect((await registry.match(1, 'english', 'parking')).best?.topicId).toBe(1);
    expect(registry.status(1)).toMatchObject({ state: 'training', topics: 1 });

    db.fail = false;
    await registry.whenReady(1);
    expect((await registry.match(1, 'english', 'wifi')).best?.topicId).toBe(2);
    expect(registry.status(1)).toMatchObject({ state: 'ready', topics: 2 });
    registry.close();
  });

  it('builds a device it is asked the status of, and forgets a dropped device', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking')]);
    const registry = createMatcherRegistry(deps);
    expect(registry.status(5)).toMatchObject({ state: 'training', topics: null });
    await registry.whenReady(5);
    expect(registry.status(5)).toMatchObject({ state: 'ready', topics: 1 });
    expect(db.loads).toBe(1);

    // Dropped during a rebuild: what that rebuild makes is not kept.
    db.gate = new Promise(() => undefined);
    registry.invalidate(5);
    registry.drop(5);
    db.gate = null;
    expect((await registry.match(5, 'english', 'parking')).best?.topicId).toBe(1);
    expect(db.loads).toBe(3);
  });

  it('answers by words while a first build’s phrases are embedded, then builds again with them', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking'), topic(2, 'opening hours')]);
    const unit = (i: number) => Float32Array.from({ length: 4 }, (_, j) => (j === i ? 1 : 0));
    let stored = false;
    let finish!: (done: boolean) => void;
    const embedded = new Promise<boolean>((resolve) => (finish = resolve));
    const registry = createMatcherRegistry({
      ...deps,
      async load() {
        const snapshot = await deps.load();
        if (stored)
          return {
            ...snapshot,
            vectors: new Map(
              snapshot.topics.flatMap((t) => t.examples.map((e, i) => [e.text, unit(i % 4)] as const)),
            ),
          };
        return { ...snapshot, vectorsComplete: false, vectorsPending: embedded };
      },
    });
    await registry.warm(3);
    // Ready at once, by words: a question does not wait for thousands of phrases to embed.
    expect(registry.status(3)).toMatchObject({ state: 'ready', dense: false, topics: 2 });
    stored = true;
    finish(true);
    await vi.waitFor(() => expect(registry.status(3).dense).toBe(true));
    expect(db.loads).toBe(2);
  });

  it('a device built with no phrase vectors becomes dense with its first embedded phrases', async () => {
    const { db, deps } = fakeDb([]);
    const unit = (i: number) => Float32Array.from({ length: 4 }, (_, j) => (j === i ? 1 : 0));
    const vectorsOf = (topics: MatcherTopic[]) =>
      new Map(topics.flatMap((t) => t.examples.map((e, i) => [e.text, unit(i % 4)] as const)));
    const registry = createMatcherRegistry({
      ...deps,
      async load() {
        const snapshot = await deps.load();
        return { ...snapshot, vectors: vectorsOf(snapshot.topics) };
      },
      loadVectors: async (_d: number, topics: MatcherTopic[]) => vectorsOf(topics),
    });
    await registry.warm(3);
    expect(registry.status(3).dense).toBe(false);
    db.topics.push(topic(1, 'parking'), topic(2, 'opening hours'));
    registry.invalidate(3, [1, 2]);
    await registry.whenReady(3);
    expect(registry.status(3)).toMatchObject({ dense: true, topics: 2 });
    expect(db.loads).toBe(2); // the whole build that brought the dense side in
  });
});
