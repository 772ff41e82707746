import type { AliasFinder, Entity, KeywordAliases, Language, ZEntitiesQuery } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { AliasesRepo, EntityRow } from './repo.js';
import { fold } from '../fold.js';
import type { TopicsRepo } from '../topics/repo.js';
import type { AiChangeListener } from '../changes.js';

const toEntity = (r: EntityRow): Entity => ({
  entity_id: r.id,
  entity: r.keyword,
  keyword: r.keyword,
  alias_str: r.aliases.join(','),
  aliases: r.aliases,
});

/** Aliases are kept once, compared folded (case, width, script), in the order given. */
function uniqueAliases(keywordNorm: string, aliases: string[]) {
  const seen = new Set<string>([keywordNorm]);
  return aliases.filter((a) => {
    const norm = fold(a);
    if (!norm || seen.has(norm)) return false;
    seen.add(norm);
    return true;
  });
}

export function createAliasesService({
  repo,
  topics,
  clock,
  listener,
}: {
  repo: AliasesRepo;
  topics: TopicsRepo;
  clock: Clock;
  listener: AiChangeListener;
}) {
  const entityMissing = () => notFound('Alias entry not found.');

  return {
    /** Every keyword of the device's topics with its aliases (none yet: entity_id null). */
    async list(q: z.output<typeof ZEntitiesQuery>) {
      const { rows, total } = await repo.page(q.device_id, {
        search: q.search,
        sortBy: q.sort_by,
        order: q.order,
        limit: q.limit,
        offset: q.offset,
      });
      const entities = rows.map((r): KeywordAliases => ({
        entity_id: r.id,
        entity: r.keyword,
        keyword: r.keyword,
        alias_str: r.aliases.join(','),
        aliases: r.aliases,
      }));
      return { entities, total };
    },

    async update(deviceId: number, id: number, aliases: string[]) {
      const current = await repo.find(deviceId, id);
      if (!current) throw entityMissing();
      const row = await repo.setAliases(deviceId, id, uniqueAliases(current.norm, aliases), clock.now());
      if (!row) throw entityMissing();
      listener.changed(deviceId);
      return toEntity(row);
    },

    /** Alias card: topics by name, or one topic's keywords with their aliases. */
    async finder(
      deviceId: number,
      q: { search?: string | undefined; intent_id?: number | undefined },
    ): Promise<AliasFinder> {
      if (q.intent_id !== undefined) {
        if (!(await topics.topicRow(deviceId, q.intent_id))) throw notFound('Question topic not found.');
        const keywords = (await topics.keywords(deviceId, q.intent_id)).filter((k) => k.kind === 'keyword');
        const entities = new Map(
          (
            await repo.byNorms(
              deviceId,
              keywords.map((k) => k.norm),
            )
          ).map((e) => [e.norm, e]),
        );
        return {
          intents: [],
          keywords: keywords.map((k) => {
            const e = entities.get(k.norm);
            return {
              keyword: k.text,
              language: k.language as Language,
              entity_id: e?.id ?? null,
              aliases: e?.aliases ?? [],
            };
          }),
        };
      }
      const found = q.search
        ? await topics.autoComplete(deviceId, q.search)
        : await topics.allTopics(deviceId, 10);
      return { intents: found.map((t) => ({ id: t.id, name: t.name })), keywords: [] };
    },

    async addAlias(deviceId: number, keyword: string, alias: string) {
      const norm = fold(keyword);
      if (fold(alias) === norm)
        throw badRequest('An alias must differ from its keyword.', 'alias_same_as_keyword');
      const [current] = await repo.byNorms(deviceId, [norm]);
      const aliases = uniqueAliases(norm, [...(current?.aliases ?? []), alias]);
      const row = await repo.upsert(deviceId, current?.keyword ?? keyword, norm, aliases, clock.now());
      listener.changed(deviceId);
      return toEntity(row);
    },
  };
}

export type AliasesService = ReturnType<typeof createAliasesService>;
