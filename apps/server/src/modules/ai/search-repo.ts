import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SearchSource } from '../../core/module.js';
import type { Db } from '../../db/client.js';
import { aiKeywords, aiResponses, aiTopics } from '../../db/schema.js';
import { around, contains, hitOf, holds } from '../../lib/search-text.js';
import { closestFirst, likePattern } from '../../lib/sql.js';
import { fold } from './fold.js';

/** What search finds of the question topics: topics by name or remarks, phrases, response texts. */
export function aiSearchSources(db: Db): SearchSource[] {
  return [
    {
      kind: 'topic',
      page: '/ai',
      async find({ deviceId }, text, limit) {
        const rows = await db
          .select({ id: aiTopics.id, name: aiTopics.name, remarks: aiTopics.remarks })
          .from(aiTopics)
          .where(and(eq(aiTopics.deviceId, deviceId), holds([aiTopics.name, aiTopics.remarks], text)))
          .orderBy(...closestFirst(aiTopics.name, text), aiTopics.id)
          .limit(limit);
        return rows.map((r) =>
          hitOf('topic', r.id, r.name, { detail: r.remarks ? around(r.remarks, text) : null }),
        );
      },
    },
    {
      kind: 'phrase',
      page: '/ai',
      async find({ deviceId }, text, limit) {
        // The folded column finds a phrase whatever its script, width or case.
        const folded = fold(text);
        const rows = await db
          .select({
            id: aiKeywords.id,
            text: aiKeywords.text,
            language: aiKeywords.language,
            topicId: aiTopics.id,
            topic: aiTopics.name,
          })
          .from(aiKeywords)
          .innerJoin(aiTopics, eq(aiTopics.id, aiKeywords.topicId))
          .where(
            and(
              eq(aiKeywords.deviceId, deviceId),
              // Folded as the text was (case, width, script): one column answers for every form.
              sql`${aiKeywords.norm} like ${likePattern(folded)}`,
            ),
          )
          .orderBy(...closestFirst(aiKeywords.norm, folded), aiKeywords.id)
          .limit(limit);
        return rows.map((r) =>
          hitOf('phrase', r.id, r.text, { detail: r.topic, target_id: r.topicId, language: r.language }),
        );
      },
    },
    {
      kind: 'response',
      page: '/ai',
      async find({ deviceId }, text, limit) {
        const rows = await db
          .select({
            id: aiResponses.id,
            speech: aiResponses.speech,
            custom: aiResponses.customContent,
            contents: aiResponses.contents,
            language: aiResponses.language,
            topicId: aiTopics.id,
            topic: aiTopics.name,
          })
          .from(aiResponses)
          .innerJoin(aiTopics, eq(aiTopics.id, aiResponses.topicId))
          .where(
            and(
              eq(aiResponses.deviceId, deviceId),
              // The whole JSON first (cheap, and most rows fail it), then only the words a visitor reads.
              holds(
                [aiResponses.speech, aiResponses.customContent, sql`${aiResponses.contents}::text`],
                text,
              ),
              holds([aiResponses.speech, aiResponses.customContent, wordsIn(aiResponses.contents)], text),
            ),
          )
          // By id, so the scan stops at the first few that hold the words (no closeness to rank by).
          .orderBy(aiResponses.id)
          .limit(limit);
        return rows.map((r) => {
          const texts = [r.speech, r.custom, ...wordsOf(r.contents)];
          const body = texts.find((value) => contains(value, text)) ?? texts.find(Boolean) ?? '';
          return hitOf('response', r.id, around(body, text), {
            detail: r.topic,
            target_id: r.topicId,
            language: r.language,
          });
        });
      },
    },
  ];
}

/** The keys of a response's contents whose strings a visitor reads (not its types, addresses, payloads). */
const WORD_KEYS = ['text', 'title', 'description', 'subtitle'];

/**
 * The words of a response's contents (texts, button labels, card and list titles) as one text, so
 * a search for "image" or "type" does not find every response by its JSON.
 */
function wordsIn(contents: SQL.Aliased | AnyColumn): SQL {
  const paths = ['lax $.**.values ? (@.type() == "string")', ...WORD_KEYS.map((key) => `lax $.**.${key}`)];
  return sql`concat_ws(' ', ${sql.join(
    paths.map((path) => sql`jsonb_path_query_array(${contents}, ${path}::jsonpath)`),
    sql`, `,
  )})`;
}

/** The same words, read from a response's contents in order. */
function wordsOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key === 'values' || WORD_KEYS.includes(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => wordsOf(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => wordsOf(v, k));
  return [];
}
