import { describe, expect, it } from 'vitest';
import { syntheticTopics } from '../test/matcher-topics.js';
import {
  buildMatcher,
  buildMatcherAsync,
  normalizeText,
  type DeviceAiSnapshot,
  type MatcherExample,
  type MatcherTopic,
} from './index.js';

const en = (text: string, kind: MatcherExample['kind'] = 'keyword'): MatcherExample => ({
  language: 'english',
  text,
  kind,
});
const zh = (text: string): MatcherExample => ({ language: 'chinese', text, kind: 'keyword' });

const PARKING: MatcherTopic = {
  id: 1,
  name: 'Parking',
  active: true,
  examples: [en('parking'), en('car park'), en('where do I leave my car', 'phrase')],
};
const HOURS: MatcherTopic = {
  id: 2,
  name: 'Opening hours',
  active: true,
  examples: [en('opening hours'), en('when do you open'), en('what time do you close', 'phrase')],
};
const TOILET: MatcherTopic = {
  id: 3,
  name: 'Toilets',
  active: true,
  examples: [en('toilet'), en('restroom'), en('bathroom')],
};

describe('buildMatcher', () => {
  it("applies a per-call threshold (a device's answer-confidence setting) over its default", () => {
    const m = buildMatcher({ topics: [PARKING, HOURS, TOILET], entities: [] });
    const q = 'where can I leave the car';
    const score = m.match(q, 'english').candidates[0]!.score;
    expect(m.match(q, 'english', { threshold: score - 0.01 }).fallback).toBe(false);
    const strict = m.match(q, 'english', { threshold: Math.min(1, score + 0.01) });
    expect(strict).toMatchObject({ fallback: true, best: null });
    expect(strict.threshold).toBeCloseTo(Math.min(1, score + 0.01));
  });

  it('matches English questions to keywords and phrases', () => {
    const m = buildMatcher({ topics: [PARKING, HOURS, TOILET], entities: [] });
    expect(m.topicCount).toBe(3);
    expect(m.match('Where can I park my car?', 'english').best?.topicId).toBe(1);
    expect(m.match('When do you open on Sunday?', 'english').best?.topicId).toBe(2);
    expect(m.match('is there a restroom here', 'english').best?.topicId).toBe(3);
  });

  it('falls back on unrelated questions', () => {
    const m = buildMatcher({ topics: [PARKING, HOURS, TOILET], entities: [] });
    const res = m.match('what is the capital of France', 'english');
    expect(res.fallback).toBe(true);
    expect(res.best).toBeNull();
    expect(m.match('', 'english').fallback).toBe(true);
    expect(m.match('?!', 'english').candidates).toEqual([]);
  });

  it('falls back on a device with a single keyword-only topic (the softmax alone is sure of anything)', () => {
    const m = buildMatcher({ topics: [HOURS], entities: [] });
    for (const q of [
      'hello',
      'do you sell shoes',
      'Who won the football world cup in 1966?',
      'where is the toilet',
    ]) {
      expect(m.match(q, 'english').fallback, q).toBe(true);
    }
    expect(m.match('when do the shops open', 'english').best?.topicId).toBe(2);
  });

  it('orders runners-up best first with scores in [0,1]', () => {
    const m = buildMatcher({ topics: [PARKING, HOURS, TOILET], entities: [] });
    const res = m.match('opening hours of the car park', 'english', { limit: 3 });
    expect(res.candidates.length).toBeGreaterThanOrEqual(2);
    expect(res.candidates.length).toBeLessThanOrEqual(3);
    expect(res.best).toEqual(res.candidates[0]);
    for (let i = 1; i < res.candidates.length; i++) {
      expect(res.candidates[i - 1]!.score).toBeGreaterThanOrEqual(res.candidates[i]!.score);
    }
    for (const c of res.candidates) expect(c.score).toBeGreaterThanOrEqual(0);
    for (const c of res.candidates) expect(c.score).toBeLessThanOrEqual(1);
    expect(m.match('parking', 'english', { limit: 1 }).candidates).toHaveLength(1);
  });

  it('folds Traditional and Simplified Chinese both ways', () => {
    const traditional = { id: 1, name: 'Parking', active: true, examples: [zh('停車場')] };
    const simplified = { id: 1, name: 'Parking', active: true, examples: [zh('停车场')] };
    const toilet = { id: 2, name: 'Toilet', active: true, examples: [zh('洗手間'), zh('廁所')] };
    const a = buildMatcher({ topics: [traditional, toilet], entities: [] });
    expect(a.match('停车场在哪里', 'chinese').best?.topicId).toBe(1);
    const b = buildMatcher({ topics: [simplified, toilet], entities: [] });
    expect(b.match('停車場在哪裡？', 'cantonese').best?.topicId).toBe(1);
    expect(b.match('请问厕所在哪里', 'mandarin').best?.topicId).toBe(2);
  });

  it('folds full-width characters', () => {
    expect(normalizeText('ＷｉＦｉ 密碼！')).toBe('wifi 密码');
    const wifi = { id: 5, name: 'WiFi', active: true, examples: [en('wifi'), en('internet')] };
    const m = buildMatcher({ topics: [wifi, PARKING], entities: [] });
    expect(m.match('ＷｉＦｉ password?', 'english').best?.topicId).toBe(5);
  });

  it('treats an alias as its keyword', () => {
    const mtr = { id: 7, name: 'Transport', active: true, examples: [en('MTR'), en('bus stop')] };
    const entities = [{ keyword: 'MTR', aliases: ['subway', 'metro'] }];
    const m = buildMatcher({ topics: [mtr, PARKING, HOURS], entities });
    expect(m.match('where is the metro', 'english').best?.topicId).toBe(7);
    expect(m.match('Subway station?', 'english').best?.topicId).toBe(7);
    // Chinese aliases need no spaces.
    const zhTopic = { id: 8, name: '港铁', active: true, examples: [zh('港铁')] };
    const zhm = buildMatcher({
      topics: [zhTopic, { id: 9, name: 'toilet', active: true, examples: [zh('洗手间')] }],
      entities: [{ keyword: '港铁', aliases: ['地铁'] }],
    });
    expect(zhm.match('地鐵站點去', 'chinese').best?.topicId).toBe(8);
  });

  it('never matches an inactive topic', () => {
    const m = buildMatcher({ topics: [{ ...PARKING, active: false }, HOURS], entities: [] });
    const res = m.match('parking', 'english');
    expect(res.candidates.map((c) => c.topicId)).not.toContain(1);
    expect(res.best?.topicId).not.toBe(1);
  });

  it('uses the language group of the utterance, or every example if the group has none', () => {
    const t1 = { id: 1, name: 'Parking', active: true, examples: [zh('停车场'), en('parking')] };
    const t2 = { id: 2, name: 'Hours', active: true, examples: [zh('开放时间')] };
    const m = buildMatcher({ topics: [t1, t2], entities: [] });
    expect(m.match('开放时间', 'cantonese').best?.topicId).toBe(2);
    // No English example for topic 2: it cannot answer in English.
    expect(m.match('开放时间', 'english').candidates.map((c) => c.topicId)).not.toContain(2);
    // No German examples at all: every example is used.
    expect(m.match('parking bitte', 'german').best?.topicId).toBe(1);
  });

  it('update() adds keywords and removes topics', () => {
    const m = buildMatcher({ topics: [PARKING, HOURS, TOILET], entities: [] });
    expect(m.match('lost and found', 'english').fallback).toBe(true);
    const lost = { id: 4, name: 'Lost property', active: true, examples: [en('lost and found')] };
    m.update([lost], []);
    expect(m.topicCount).toBe(4);
    expect(m.match('where is lost and found?', 'english').best?.topicId).toBe(4);

    m.update([{ ...TOILET, examples: [...TOILET.examples, en('washroom')] }], []);
    expect(m.match('washroom please', 'english').best?.topicId).toBe(3);

    m.update([], [1]);
    expect(m.topicCount).toBe(3);
    expect(m.match('parking', 'english').candidates.map((c) => c.topicId)).not.toContain(1);

    m.update([{ ...HOURS, active: false }], []);
    expect(m.match('opening hours', 'english').best?.topicId).not.toBe(2);

    m.update([], [], [{ keyword: 'toilet', aliases: ['loo'] }]);
    expect(m.match('where is the loo', 'english').best?.topicId).toBe(3);
  });

  it('is deterministic', () => {
    const a = buildMatcher({ topics: [PARKING, HOURS, TOILET], entities: [] });
    const b = buildMatcher({ topics: [PARKING, HOURS, TOILET], entities: [] });
    expect(a.match('car park opening hours', 'english')).toEqual(
      b.match('car park opening hours', 'english'),
    );
  });

  it('buildMatcherAsync builds the same model as buildMatcher, even interleaved with another build', async () => {
    const synthetic = syntheticTopics(60);
    const snapshot: DeviceAiSnapshot = {
      topics: [
        PARKING,
        HOURS,
        TOILET,
        { id: 8, name: '港铁', active: true, examples: [zh('港铁'), zh('地铁站')] },
        ...synthetic,
      ],
      entities: [{ keyword: 'toilet', aliases: ['loo'] }],
    };
    const questions: Array<[string, 'english' | 'cantonese' | 'german']> = [
      ['where can I park my car', 'english'],
      ['is the loo open', 'english'],
      [synthetic[7]!.examples[0]!.text, 'english'],
      [`${synthetic[42]!.examples[3]!.text} please`, 'english'],
      ['港鐵站喺邊度', 'cantonese'],
      ['parking bitte', 'german'],
    ];
    const sync = buildMatcher(snapshot);
    // sliceMs 0: yield at every step, so the two builds interleave as much as they can.
    const [a, b] = await Promise.all([
      buildMatcherAsync(snapshot, { sliceMs: 0 }),
      buildMatcherAsync({ ...snapshot, topics: snapshot.topics.slice(4) }, { sliceMs: 0 }),
    ]);
    expect(a.topicCount).toBe(sync.topicCount);
    for (const [q, language] of questions) {
      expect(a.match(q, language, { limit: 5 }), q).toEqual(sync.match(q, language, { limit: 5 }));
    }
    expect(b.match(questions[2]![0], 'english').best?.topicId).toBe(synthetic[7]!.id);
    await expect(buildMatcherAsync(snapshot, { sliceMs: -1 })).rejects.toThrow(RangeError);
  });
});
