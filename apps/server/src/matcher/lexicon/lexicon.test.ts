import { describe, expect, it } from 'vitest';
import { buildMatcher, normalizeText, type MatcherTopic } from '../index.js';
import { toSimplified } from '../text.js';
import { CANTONESE_FOLDING } from './cantonese.js';
import { SYNONYM_GROUPS } from './synonyms.js';

describe('Cantonese → Mandarin folding table', () => {
  it('is well-formed: no empty or duplicate keys, Simplified forms that do not collide', () => {
    const keys = CANTONESE_FOLDING.map((e) => e.from);
    expect(keys.every((k) => k.length > 0)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    const simplified = CANTONESE_FOLDING.filter((e) => e.simplifiedToo !== false).map((e) =>
      toSimplified(e.from),
    );
    expect(new Set(simplified).size).toBe(simplified.length);
  });

  it('folds colloquial Cantonese into the Mandarin a device may have been taught', () => {
    expect(normalizeText('邊度有嘢食？')).toBe(normalizeText('哪裡有吃的'));
    expect(normalizeText('停車場喺邊度？')).toBe(normalizeText('停車場在哪裡'));
    expect(normalizeText('有冇輪椅借？')).toBe(normalizeText('有沒有輪椅借'));
    expect(normalizeText('點樣去地鐵站')).toBe(normalizeText('怎樣去地鐵站'));
    // Written in Simplified characters, the same.
    expect(normalizeText('边度有嘢食')).toBe(normalizeText('哪里有吃的'));
  });

  it('never changes what a word means (issue 34): words with two senses are left as they are', () => {
    expect(normalizeText('禮拜室喺邊？')).toContain('礼拜室'); // a prayer room, not a "week room"
    expect(normalizeText('禮拜六開唔開？')).toBe(normalizeText('星期六開不開'));
    expect(normalizeText('呢度可唔可以食煙')).toContain('吸烟'); // smoking, not eating smoke
    expect(normalizeText('食譜')).toBe(normalizeText('食谱'));
    expect(normalizeText('MTR站')).toBe(normalizeText('港鐵站'));
    expect(normalizeText('MTR站')).not.toContain('subway');
    expect(normalizeText('醫務室')).not.toBe(normalizeText('保健中心'));
    expect(normalizeText('帳戶')).not.toBe(normalizeText('帳號'));
    expect(normalizeText('帳戶')).toBe(normalizeText('戶口'));
    expect(normalizeText('飯店')).not.toBe(normalizeText('餐廳'));
    expect(normalizeText('出租車')).not.toBe(normalizeText('計程車'));
    expect(normalizeText('電話')).not.toBe(normalizeText('手機'));
    expect(normalizeText('的士')).toBe(normalizeText('計程車'));
  });

  it('leaves words alone where the Cantonese sense would be wrong', () => {
    expect(normalizeText('中文系在哪')).toContain('中文系'); // 系 = department, not 係 = is
    expect(normalizeText('學生食堂')).toContain('食堂');
    expect(normalizeText('緊急出口')).toContain('紧急');
    expect(normalizeText('旁邊')).toBe('旁边');
  });
});

describe('regional synonyms', () => {
  it('folds each group to one word, whole words only in English', () => {
    expect(normalizeText('Where is the restroom?')).toBe(normalizeText('where is the toilet'));
    expect(normalizeText('請問化妝室在哪裡')).toBe(normalizeText('洗手間在哪裡'));
    expect(normalizeText('捷運站')).toBe(normalizeText('地鐵站'));
    expect(normalizeText('lift or elevator')).toBe('lift or lift');
    expect(normalizeText('metronome')).toBe('metronome');
    expect(normalizeText('停車場')).toBe('停车场'); // not 停 + 停车场 from the variant 車場
  });

  it('has no word in two groups', () => {
    const seen = new Map<string, number>();
    SYNONYM_GROUPS.forEach((group, i) => {
      for (const w of group) {
        const key = normalizeText(w);
        expect(seen.has(key) && seen.get(key) !== i, `${w} is in two groups`).toBe(false);
        seen.set(key, i);
      }
    });
  });
});

const zh = (id: number, name: string, ...phrases: string[]): MatcherTopic => ({
  id,
  name,
  active: true,
  examples: phrases.map((text) => ({ language: 'mandarin', text, kind: 'phrase' })),
});

describe('few-shot Chinese (issue 14)', () => {
  const topics = [
    zh(1, 'weather', '今天天氣怎樣', '會不會下雨', '天氣預報'),
    zh(2, 'food', '哪裡有東西吃', '餐廳在哪裡', '美食廣場'),
    zh(3, 'toilet', '洗手間在哪裡', '廁所怎麼走', '最近的廁所'),
    zh(4, 'parking', '停車場在哪裡', '停車費多少', '可以停車嗎'),
    zh(5, 'hours', '幾點開門', '營業時間', '幾點關門'),
    zh(6, 'wifi', 'wifi密碼是什麼', '怎麼連上網', '有免費上網嗎'),
    zh(7, 'taxi', '計程車在哪裡搭', '幫我叫車', '計程車站'),
    zh(8, 'lost', '我的東西不見了', '失物招領在哪裡', '撿到錢包'),
  ];
  const m = buildMatcher({ topics, entities: [] });

  it('answers paraphrases of a topic taught with three phrases, also in Cantonese', () => {
    expect(m.match('天氣如何', 'mandarin').best?.topicId).toBe(1);
    expect(m.match('邊度有嘢食', 'cantonese').best?.topicId).toBe(2);
    expect(m.match('廁所喺邊度？', 'cantonese').best?.topicId).toBe(3);
    expect(m.match('请问停车场在哪里', 'mandarin').best?.topicId).toBe(4);
  });

  it('still refuses what no topic covers', () => {
    for (const q of ['法國的首都是哪裡', '講個笑話俾我聽', '宇宙有多老']) {
      expect(m.match(q, 'mandarin').fallback, q).toBe(true);
    }
  });
});
