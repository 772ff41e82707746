import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { aiCategories, aiTopics } from '../../../db/schema.js';
import { putRowsBack, rowsImage, setColumnsBack } from '../../../lib/row-images.js';
import { topicListWhere, treeFrom, type TopicListFilter } from './repo.js';

type Rows = Record<string, unknown>[];

/** Deleted topics as they were, with everything that went or let go of them. */
export interface TopicsImage {
  topics: Rows;
  keywords: Rows;
  responses: Rows;
  /** Conversation and banner rows that named them (set to null by the delete), by column. */
  links: { table: 'conversations' | 'carousel_banners'; column: string; rows: Rows }[];
}

/** The columns that name a topic elsewhere and let go of it (`on delete set null`). */
const LINKS = [
  { table: 'conversations', column: 'intent_id' },
  { table: 'conversations', column: 'trained_intent_id' },
  { table: 'conversations', column: 'candidate_intent_id' },
  { table: 'carousel_banners', column: 'link_topic_id' },
] as const;

const idIn = (ids: number[]) => sql`id = any(${`{${ids.join(',')}}`}::int[])`;
const columnIn = (column: string, ids: number[]) =>
  sql`${sql.identifier(column)} = any(${`{${ids.join(',')}}`}::int[])`;

/** SQL of bulk actions on a device's topics and of putting them back; each inside the caller's transaction. */
export const topicsBulkRepo = {
  /** The device's topics among `ids`, or all matching the list's filter, in the list's default order. */
  async select(
    tx: Db,
    deviceId: number,
    selection: { ids: number[] } | { filter: Pick<TopicListFilter, 'categoryId' | 'parentId' | 'search'> },
    max: number,
  ) {
    const where: SQL =
      'ids' in selection
        ? and(
            eq(aiTopics.deviceId, deviceId),
            sql`${aiTopics.id} = any(${`{${selection.ids.join(',')}}`}::int[])`,
          )!
        : topicListWhere(deviceId, selection.filter);
    return tx
      .select({ id: aiTopics.id, name: aiTopics.name, parentId: aiTopics.parentId })
      .from(aiTopics)
      .innerJoin(aiCategories, eq(aiCategories.id, aiTopics.categoryId))
      .where(where)
      .orderBy(aiTopics.id)
      .limit(max + 1);
  },

  /** The topics and every sub-topic below them. */
  async withSubTopics(tx: Db, deviceId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`${treeFrom('ai_topics', sql`${idIn(ids)} and device_id = ${deviceId}`)} select distinct id from tree`,
    );
    return rows.map((r) => Number(r.id));
  },

  async image(tx: Db, deviceId: number, ids: number[]): Promise<TopicsImage> {
    // One after the other: a transaction is one connection, which runs one statement at a time.
    const topics = await rowsImage(tx, 'ai_topics', idIn(ids));
    const keywords = await rowsImage(tx, 'ai_keywords', columnIn('topic_id', ids));
    const responses = await rowsImage(tx, 'ai_responses', columnIn('topic_id', ids));
    const links: TopicsImage['links'] = [];
    for (const link of LINKS) {
      const rows = await rowsImage(
        tx,
        link.table,
        sql`device_id = ${deviceId} and ${columnIn(link.column, ids)}`,
        [link.column],
      );
      if (rows.length > 0) links.push({ ...link, rows });
    }
    return { topics, keywords, responses, links };
  },

  async delete(tx: Db, deviceId: number, ids: number[]) {
    await tx.execute(sql`delete from ai_topics where device_id = ${deviceId} and ${idIn(ids)}`);
  },

  async restore(tx: Db, image: TopicsImage) {
    await putRowsBack(tx, 'ai_topics', image.topics);
    await putRowsBack(tx, 'ai_keywords', image.keywords);
    await putRowsBack(tx, 'ai_responses', image.responses);
    for (const link of image.links) await setColumnsBack(tx, link.table, [link.column], link.rows);
  },

  /** The fields a bulk change sets, as they were. */
  fieldsImage: (tx: Db, ids: number[], columns: string[]) => rowsImage(tx, 'ai_topics', idIn(ids), columns),
  setFieldsBack: (tx: Db, columns: string[], rows: Rows) => setColumnsBack(tx, 'ai_topics', columns, rows),

  async setActive(tx: Db, deviceId: number, ids: number[], on: boolean, now: Date) {
    await tx.execute(
      sql`update ai_topics set is_activated = ${on}, updated_at = ${now.toISOString()}
          where device_id = ${deviceId} and ${idIn(ids)}`,
    );
  },

  async setCategory(tx: Db, deviceId: number, ids: number[], categoryId: number, now: Date) {
    await tx.execute(
      sql`update ai_topics set category_id = ${categoryId}, updated_at = ${now.toISOString()}
          where device_id = ${deviceId} and ${idIn(ids)}`,
    );
  },
};
