import { describe, expect, it } from 'vitest';
import { syntheticTopics } from '../test/matcher-topics.js';
import { createMatcherRegistry, type DeviceAiSnapshot, type MatcherTopic } from './index.js';

const topic = (id: number, ...keywords: string[]): MatcherTopic => ({
  id,
  name: `topic ${id}`,
  active: true,
  examples: keywords.map((text) => ({ language: 'english', text, kind: 'keyword' })),
});

function fakeDb(topics: MatcherTopic[]) {
  const db = { topics, loads: 0, topicLoads: 0, fail: false };
  return {
    db,
    deps: {
      async load(): Promise<DeviceAiSnapshot> {
        db.loads++;
        await new Promise((r) => setImmediate(r));
        if (db.fail) throw new Error('db down');
        return { topics: structuredClone(db.topics), entities: [] };
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
    expect((await registry.match(1, 'english', 'lost and found')).best?.topicId).toBe(3);
    expect(db.loads).toBe(1);
    expect(db.topicLoads).toBe(1);

    db.topics = [topic(2, 'opening hours'), topic(3, 'lost and found')];
    registry.invalidate(1, [1]); // deleted: not returned by loadTopics
    expect((await registry.match(1, 'english', 'parking')).best?.topicId).not.toBe(1);

    db.topics = [topic(2, 'opening hours'), topic(4, 'wifi')];
    registry.invalidate(1);
    expect((await registry.match(1, 'english', 'wifi')).best?.topicId).toBe(4);
    expect(db.loads).toBe(2);

    registry.drop(1);
    await registry.match(1, 'english', 'wifi');
    expect(db.loads).toBe(3);
  });

  it('does not keep a matcher loaded before an invalidate that happened during the load', async () => {
    const { db, deps } = fakeDb([topic(1, 'parking')]);
    const registry = createMatcherRegistry(deps);
    const pending = registry.match(1, 'english', 'wifi');
    db.topics = [topic(1, 'parking'), topic(2, 'wifi')];
    registry.invalidate(1);
    expect((await pending).best?.topicId).toBe(2);
    expect((await registry.match(1, 'english', 'wifi')).best?.topicId).toBe(2);
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

  it('does not keep a matcher whose build was under way when the device was invalidated', async () => {
    const { db, deps } = fakeDb(syntheticTopics(150));
    const registry = createMatcherRegistry(deps);
    let settled = false;
    const pending = registry.match(1, 'english', 'wifi password').finally(() => (settled = true));
    // The load takes one setImmediate; the build (hundreds of ms) is under way at the first tick.
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    db.topics = [...db.topics, topic(2, 'wifi password')];
    registry.invalidate(1);
    expect((await pending).best?.topicId).toBe(2);
    expect(db.loads).toBe(2);
  });
});
