import { BULK_MAX, type ZTopicsBulkRequest } from '@ambassador/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Db } from '../../../db/client.js';
import { checkedPick } from '../../../lib/bulk.js';
import { aiCategories, aiTopics } from '../../../db/schema.js';
import {
  deleteWithImage,
  putDeletedBack,
  rowsImage,
  setColumnsBack,
  type DeleteImage,
  type DeleteSpec,
} from '../../../lib/row-images.js';
import { topicListWhere, treeFrom, type TopicListFilter } from './repo.js';

type Rows = Record<string, unknown>[];
/** What a bulk action or an export of topics takes: picked ids, or the list's filter. */
export type TopicsSelection = z.output<typeof ZTopicsBulkRequest>['selection'];

/** A topic's delete: its phrases and responses go with it; conversations and banners let go of it. */
export const TOPIC_DELETE: DeleteSpec = {
  table: 'ai_topics',
  children: [
    { table: 'ai_keywords', column: 'topic_id' },
    { table: 'ai_responses', column: 'topic_id' },
  ],
  links: [
    { table: 'conversations', column: 'intent_id' },
    { table: 'conversations', column: 'trained_intent_id' },
    { table: 'conversations', column: 'candidate_intent_id' },
    { table: 'carousel_banners', column: 'link_topic_id' },
  ],
};

const idIn = (ids: number[]) => sql`id = any(${`{${ids.join(',')}}`}::int[])`;

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

  /** The picked topics, or all the list's filter matches (the contract's selection), checked as bulk actions are. */
  async picked(tx: Db, deviceId: number, selection: TopicsSelection) {
    const rows = await topicsBulkRepo.select(
      tx,
      deviceId,
      'ids' in selection
        ? { ids: selection.ids }
        : {
            filter: {
              categoryId: selection.filter.category_id,
              parentId: selection.filter.parent_id,
              search: selection.filter.search,
            },
          },
      BULK_MAX,
    );
    return checkedPick(rows, 'Question topic not found.');
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

  /** Deletes the topics (their sub-topics among `ids`), keeping what undo puts back. */
  remove: (tx: Db, ids: number[]) => deleteWithImage(tx, TOPIC_DELETE, ids),
  restore: (tx: Db, image: DeleteImage) => putDeletedBack(tx, TOPIC_DELETE.table, image),

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
