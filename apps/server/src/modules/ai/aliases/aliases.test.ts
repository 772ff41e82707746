import { describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { backends } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;
const NORTH = 2;

describe.each(backends)('AI aliases on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
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
      // The keyword stays on the list, without aliases and without an entity.
      expect(await data('GET', `/ai_config/entities?device_id=${LOBBY}`)).toEqual([
        { entity_id: null, entity: 'MTR', keyword: 'MTR', alias_str: '', aliases: [] },
      ]);
    });

    it('lists every keyword of the device’s topics, with or without aliases, searchable, sorted and paged', async () => {
      const cat = await category('Facilities', undefined, NORTH);
      const toilet = await topic('Toilets', { category_id: cat.category_id }, NORTH);
      const parking = await topic('Parking', { category_id: cat.category_id }, NORTH);
      const keyword = (intent_id: number, language: string, text: string) =>
        data('POST', '/ai_config/intents/keywords', { device_id: NORTH, intent_id, language, text });
      await keyword(toilet.id, 'english', 'Toilet');
      await keyword(toilet.id, 'cantonese', '洗手間');
      await keyword(parking.id, 'english', 'car park');
      // The same keyword in another topic, folded alike, is one row.
      await keyword(parking.id, 'english', 'TOILET');
      // Training phrases are not keywords.
      await data('POST', '/ai_config/intents/train', {
        device_id: NORTH,
        intent_id: parking.id,
        language: 'english',
        text: 'where can I park my car',
      });

      const list = await call('GET', `/ai_config/entities?device_id=${NORTH}`);
      expect(list.statusCode).toBe(200);
      expect(list.json().total).toBe(3);
      expect(list.json().data).toEqual([
        { entity_id: null, entity: 'car park', keyword: 'car park', alias_str: '', aliases: [] },
        { entity_id: null, entity: 'Toilet', keyword: 'Toilet', alias_str: '', aliases: [] },
        { entity_id: null, entity: '洗手間', keyword: '洗手間', alias_str: '', aliases: [] },
      ]);
      // Not another device's keywords.
      const lobby = await data('GET', `/ai_config/entities?device_id=${LOBBY}&search=toilet`);
      expect(lobby).toEqual([]);

      // Adding the first alias creates the entity; the row then carries it.
      const added = await data('POST', '/ai_config/alias_finder', {
        device_id: NORTH,
        keyword: 'toilet',
        alias: 'restroom',
      });
      expect(added).toMatchObject({ keyword: 'toilet', aliases: ['restroom'] });
      const byAlias = await data(
        'GET',
        `/ai_config/entities?device_id=${NORTH}&sort_by=alias&order=desc&limit=1&offset=0`,
      );
      expect(byAlias).toEqual([
        {
          entity_id: added.entity_id,
          entity: 'Toilet',
          keyword: 'Toilet',
          alias_str: 'restroom',
          aliases: ['restroom'],
        },
      ]);
      const found = await call('GET', `/ai_config/entities?device_id=${NORTH}&search=rest`);
      expect(found.json()).toMatchObject({ total: 1, data: [{ entity_id: added.entity_id }] });
      const page2 = await call('GET', `/ai_config/entities?device_id=${NORTH}&limit=2&offset=2`);
      expect(page2.json()).toMatchObject({ total: 3, data: [{ keyword: '洗手間' }] });
    });
  });
});
