import { beforeAll, describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { backends } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

describe.each(backends)('AI test console on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const { data, category, topic } = aiCalls(t, () => admin);

  describe('test console (the intent matcher behind it)', () => {
    const CHATBOT = 3;
    const ask = (text: string, language = 'english', device_id = CHATBOT) =>
      data('POST', '/ai_config/test_console', { device_id, language, text });
    const keyword = (intent_id: number, language: string, text: string) =>
      data('POST', '/ai_config/intents/keywords', { device_id: CHATBOT, intent_id, language, text });
    let parking: { id: number };
    let toilets: { id: number };

    beforeAll(async () => {
      const cat = await category('Visitor services', undefined, CHATBOT);
      parking = await topic('Parking', { category_id: cat.category_id }, CHATBOT);
      toilets = await topic('Toilets', { category_id: cat.category_id }, CHATBOT);
      for (const k of ['parking', 'car park', 'where can I park']) await keyword(parking.id, 'english', k);
      await keyword(parking.id, 'cantonese', '停車場');
      for (const k of ['toilet', 'restroom', 'washroom']) await keyword(toilets.id, 'english', k);
      await keyword(toilets.id, 'mandarin', '洗手间');
      await data('POST', '/ai_config/intents/responses', {
        device_id: CHATBOT,
        intent_id: parking.id,
        language: 'english',
        device_type: 'chatbot',
        contents: [{ type: 'text', values: ['The car park is on B2.'] }],
      });
      await data('POST', '/ai_config/intents/responses', {
        device_id: CHATBOT,
        intent_id: parking.id,
        language: 'english',
        device_type: 'ambassador',
        contents: [{ type: 'text', values: ['Not for a chatbot.'] }],
      });
    });

    it('matches a question to its topic with a score, runners-up and the chatbot response', async () => {
      const r = await ask('Where can I park my car?');
      expect(r.fallback).toBe(false);
      expect(r.best).toMatchObject({ intent_id: parking.id, intent_name: 'Parking' });
      expect(r.best.score).toBeGreaterThanOrEqual(r.threshold);
      expect(r.candidates[0].intent_id).toBe(parking.id);
      expect(r.responses.map((x: { contents: { values: string[] }[] }) => x.contents[0]!.values[0])).toEqual([
        'The car park is on B2.',
      ]);
    });

    it('matches Chinese without spaces across Traditional and Simplified', async () => {
      expect((await ask('停车场在哪里', 'mandarin')).best?.intent_id).toBe(parking.id);
      expect((await ask('請問洗手間喺邊度', 'cantonese')).best?.intent_id).toBe(toilets.id);
    });

    it('falls back on an unrelated question', async () => {
      const r = await ask('What is the capital of France?');
      expect(r).toMatchObject({ fallback: true, best: null, responses: [] });
    });

    it('learns a new keyword, a trained phrase, a deactivated topic at once, an alias once Ready', async () => {
      expect((await ask('I need the dunny')).best?.intent_id).not.toBe(toilets.id);
      await data('POST', '/ai_config/alias_finder', {
        device_id: CHATBOT,
        keyword: 'toilet',
        alias: 'dunny',
      });
      // An alias changes every example: the matcher rebuilds beside the one in use, then says Ready.
      await expect
        .poll(async () => (await data('GET', `/ai_config/matcher_status?device_id=${CHATBOT}`)).state, {
          timeout: 10_000,
          interval: 20,
        })
        .toBe('ready');
      expect((await ask('I need the dunny')).best?.intent_id).toBe(toilets.id);
      await data('POST', '/ai_config/intents/train', {
        device_id: CHATBOT,
        intent_id: parking.id,
        language: 'english',
        text: 'is there somewhere to leave my vehicle',
      });
      expect((await ask('is there somewhere to leave my vehicle')).best?.intent_id).toBe(parking.id);
      await data('PUT', '/ai_config/intents/intent', {
        device_id: CHATBOT,
        id: parking.id,
        is_activated: false,
      });
      const off = await ask('where can I park');
      expect(off.best?.intent_id).not.toBe(parking.id);
      await data('PUT', '/ai_config/intents/intent', {
        device_id: CHATBOT,
        id: parking.id,
        is_activated: true,
      });
      expect((await ask('where can I park')).best?.intent_id).toBe(parking.id);
    });

    it('offers sub-topics as related topics when the topic and the device enable them', async () => {
      const child = await topic('EV charging', { parent_id: parking.id }, CHATBOT);
      await keyword(child.id, 'english', 'ev charging');
      expect((await ask('car park')).related).toEqual([]);
      await data('PUT', '/ai_config/intents/intent', {
        device_id: CHATBOT,
        id: parking.id,
        is_enabled_related_intents: true,
      });
      expect((await ask('car park')).related).toEqual([{ id: child.id, name: 'EV charging' }]);
      await data('PUT', '/ai_config/related_intents/on_off', {
        device_id: CHATBOT,
        is_enabled_related_intents: false,
      });
      expect((await ask('car park')).related).toEqual([]);
    });

    it('offers related topics in the language of the answer, each once, never what a button already offers', async () => {
      await data('PUT', '/ai_config/related_intents/on_off', {
        device_id: CHATBOT,
        is_enabled_related_intents: true,
      });
      const cat = await category('Shops', undefined, CHATBOT);
      const shops = await topic('Shop directory', { category_id: cat.category_id }, CHATBOT);
      await data('PUT', '/ai_config/intents/intent', {
        device_id: CHATBOT,
        id: shops.id,
        is_enabled_related_intents: true,
      });
      for (const [language, k] of [
        ['english', 'shop directory'],
        ['cantonese', '商戶目錄'],
        ['mandarin', '商户目录'],
        ['japanese', 'ショップ'],
      ] as const)
        await keyword(shops.id, language, k);
      for (const language of ['english', 'cantonese', 'mandarin', 'japanese'])
        await data('POST', '/ai_config/intents/responses', {
          device_id: CHATBOT,
          intent_id: shops.id,
          language,
          device_type: 'chatbot',
          contents: [
            { type: 'text', values: ['…'] },
            { type: 'buttons', num_of_column: 1, values: [{ text: 'Books', payload: 'bookshop' }] },
          ],
        });
      // English name; keywords in English and Cantonese only.
      const pharmacy = await topic('Pharmacy', { parent_id: shops.id }, CHATBOT);
      await keyword(pharmacy.id, 'english', 'pharmacy');
      await keyword(pharmacy.id, 'cantonese', '藥房');
      // Only Traditional Chinese ('chinese') keywords.
      const tea = await topic('Tea house', { parent_id: shops.id }, CHATBOT);
      await keyword(tea.id, 'chinese', '茶樓');
      // English only, and what the answer's own button already offers.
      const books = await topic('Bookshop', { parent_id: shops.id }, CHATBOT);
      await keyword(books.id, 'english', 'bookshop');

      const names = async (text: string, language: string) =>
        ((await ask(text, language)).related as { id: number; name: string }[]).map((r) => r.name);
      // English: the topic's name when it is one of its keywords; no chip for the topic without
      // an English keyword (it could not be answered); the bookshop once (as the button) only.
      expect(await names('shop directory', 'english')).toEqual(['Pharmacy']);
      // Cantonese: Cantonese keyword, else Traditional Chinese; never the English names.
      expect(await names('商戶目錄', 'cantonese')).toEqual(['藥房', '茶樓']);
      // Mandarin: the Chinese keywords in Simplified characters.
      expect(await names('商户目录', 'mandarin')).toEqual(['药房', '茶楼']);
      // Japanese has no text for any of them: no chips rather than English ones.
      expect(await names('ショップ', 'japanese')).toEqual([]);
      // A chip asks its text: it leads to its topic in that language.
      expect((await ask('茶樓', 'cantonese')).best?.intent_id).toBe(tea.id);
      expect((await ask('药房', 'mandarin')).best?.intent_id).toBe(pharmacy.id);
    });
  });
});
