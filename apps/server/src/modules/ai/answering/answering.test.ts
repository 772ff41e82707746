import { beforeAll, describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { ADMIN, backends, login, suiteApp, type Session } from '../../../test/harness.js';

describe.each(backends)('AI test console on %s', (kind) => {
  const t = suiteApp(kind);
  let admin: Session;
  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
  });
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

    it('learns at once: a new keyword, an alias, a trained phrase, a deactivated topic', async () => {
      expect((await ask('I need the loo')).best?.intent_id).not.toBe(toilets.id);
      await data('POST', '/ai_config/alias_finder', { device_id: CHATBOT, keyword: 'toilet', alias: 'loo' });
      expect((await ask('I need the loo')).best?.intent_id).toBe(toilets.id);
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
  });
});
