import { describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { backends } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;
const NORTH = 2;

describe.each(backends)('AI aliases on %s', (kind) => {
  const t = projectFixture(kind, { other: {} });
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
      const ticket = await data('DELETE', '/ai_config/entities', {
        device_id: LOBBY,
        entity_id: entity.entity_id,
      });
      expect(ticket.count).toBe(1);
      // The keyword stays on the list, without aliases and without an entity.
      expect(await data('GET', `/ai_config/entities?device_id=${LOBBY}`)).toEqual([
        { entity_id: null, entity: 'MTR', keyword: 'MTR', alias_str: '', aliases: [] },
      ]);
      // Undo puts them back as they were.
      await data('POST', '/undo', { id: ticket.id });
      expect(await data('GET', `/ai_config/entities?device_id=${LOBBY}`)).toMatchObject([
        { entity_id: entity.entity_id, keyword: 'MTR', aliases: ['Metro', 'underground'] },
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

  describe('deleting many, and undo', () => {
    const bulk = (body: object, as = admin) =>
      call('POST', '/ai_config/entities/bulk', { device_id: LOBBY, action: 'delete', ...body }, as);
    const aliasesOf = async (search: string) =>
      (await data('GET', `/ai_config/entities?device_id=${LOBBY}&search=${encodeURIComponent(search)}`)).map(
        (e: { keyword: string; aliases: string[] }) => [e.keyword, e.aliases],
      );
    const alias = (keyword: string, a: string, device_id = LOBBY) =>
      data('POST', '/ai_config/alias_finder', { device_id, keyword, alias: a });

    it('deletes the aliases of picked keywords, and one undo puts them back with their ids', async () => {
      const lift = await alias('Bulklift', 'elevator');
      const stairs = await alias('Bulkstairs', 'steps');
      const kept = await alias('Bulkramp', 'slope');
      const res = await bulk({ selection: { ids: [lift.entity_id, stairs.entity_id] } });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json().data;
      expect(result).toMatchObject({ count: 2, skipped: 0, undo: { count: 2 } });
      expect(await aliasesOf('bulk')).toEqual([['Bulkramp', ['slope']]]);
      const undone = await call('POST', '/undo', { id: result.undo.id });
      expect(undone.json().data).toMatchObject({ kind: 'aliases.delete', count: 2 });
      expect(await aliasesOf('bulk')).toEqual([
        ['Bulklift', ['elevator']],
        ['Bulkramp', ['slope']],
        ['Bulkstairs', ['steps']],
      ]);
      const entities = await data('GET', `/ai_config/entities?device_id=${LOBBY}&search=bulk`);
      expect(entities.map((e: { entity_id: number }) => e.entity_id).sort()).toEqual(
        [lift.entity_id, kept.entity_id, stairs.entity_id].sort(),
      );
    });

    it('deletes every entry the search matches (keyword or alias), not the others', async () => {
      await alias('Searchtaxi', 'cab');
      await alias('Searchbus', 'coach cab');
      await alias('Searchferry', 'boat');
      const result = (await bulk({ selection: { all: true, filter: { search: 'cab' } } })).json().data;
      expect(result.count).toBe(2);
      expect(await aliasesOf('search')).toEqual([['Searchferry', ['boat']]]);
      await data('POST', '/undo', { id: result.undo.id });
      expect((await aliasesOf('search')).length).toBe(3);
    });

    it('ignores ids of another device, refuses another project and ids of nothing', async () => {
      const mine = await alias('Tenantdesk', 'counter');
      const elsewhere = await alias('Tenantdesk', 'counter', NORTH);
      const res = await bulk({ selection: { ids: [mine.entity_id, elsewhere.entity_id] } });
      expect(res.json().data.count).toBe(1);
      expect(await data('GET', `/ai_config/entities?device_id=${NORTH}&search=tenantdesk`)).toMatchObject([
        { entity_id: elsewhere.entity_id, aliases: ['counter'] },
      ]);
      const theirs = await bulk({ selection: { ids: [elsewhere.entity_id] } }, t.otherAdmin);
      expect(theirs.statusCode).toBe(403);
      expect((await call('POST', '/undo', { id: res.json().data.undo.id }, t.otherAdmin)).statusCode).toBe(
        404,
      );
      expect((await bulk({ selection: { ids: [elsewhere.entity_id] } })).statusCode).toBe(404);
      expect((await bulk({ selection: { ids: [] } })).json().error).toBe('validation_error');
    });

    it('refuses an undo once the keyword has aliases again', async () => {
      const gone = await alias('Clashgate', 'door');
      const ticket = (await bulk({ selection: { ids: [gone.entity_id] } })).json().data.undo;
      await alias('Clashgate', 'portal');
      const res = await call('POST', '/undo', { id: ticket.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('undo_conflict');
      expect(await aliasesOf('clashgate')).toEqual([['Clashgate', ['portal']]]);
    });
  });
});
