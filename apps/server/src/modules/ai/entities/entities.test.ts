import { beforeAll, describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { ADMIN, backends, login, suiteApp, type Session } from '../../../test/harness.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;

describe.each(backends)('AI aliases on %s', (kind) => {
  const t = suiteApp(kind);
  let admin: Session;
  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
  });
  const { call, data, category, topic } = aiCalls(t, () => admin);

  describe('aliases', () => {
    it('adds aliases from the alias finder, lists, edits and deletes them', async () => {
      const cat = await category('Transit');
      const mtr = await topic('MTR station', { category_id: cat.category_id });
      await data('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: mtr.id,
        language: 'english',
        text: 'MTR',
      });
      const found = await data('GET', `/ai_config/alias_finder?device_id=${LOBBY}&search=mtr`);
      expect(found.intents).toEqual([{ id: mtr.id, name: 'MTR station' }]);
      await data('POST', '/ai_config/alias_finder', { device_id: LOBBY, keyword: 'MTR', alias: 'subway' });
      const entity = await data('POST', '/ai_config/alias_finder', {
        device_id: LOBBY,
        keyword: 'mtr',
        alias: 'metro',
      });
      expect(entity).toMatchObject({
        keyword: 'MTR',
        aliases: ['subway', 'metro'],
        alias_str: 'subway,metro',
      });
      const keywords = await data('GET', `/ai_config/alias_finder?device_id=${LOBBY}&intent_id=${mtr.id}`);
      expect(keywords.keywords).toEqual([
        { keyword: 'MTR', language: 'english', entity_id: entity.entity_id, aliases: ['subway', 'metro'] },
      ]);
      const list = await call(
        'GET',
        `/ai_config/entities?device_id=${LOBBY}&search=metro&sort_by=alias&order=desc`,
      );
      expect(list.json().total).toBe(1);
      const edited = await data('PUT', '/ai_config/entities', {
        device_id: LOBBY,
        entity_id: entity.entity_id,
        aliases: ['Metro', 'metro', 'underground'],
      });
      expect(edited.aliases).toEqual(['Metro', 'underground']);
      const comma = await call('PUT', '/ai_config/entities', {
        device_id: LOBBY,
        entity_id: entity.entity_id,
        aliases: ['a,b'],
      });
      expect(comma.statusCode).toBe(400);
      await data('DELETE', '/ai_config/entities', { device_id: LOBBY, entity_id: entity.entity_id });
      expect((await call('GET', `/ai_config/entities?device_id=${LOBBY}`)).json().total).toBe(0);
    });
  });
});
