import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../../db/client.js';
import { aiCategories, aiKeywords, aiSettings, aiTopics } from '../../../db/schema.js';
import { likePattern, prefixPattern } from '../../../lib/sql.js';

export type CategoryRow = typeof aiCategories.$inferSelect;
export type TopicRow = typeof aiTopics.$inferSelect;
export type KeywordRow = typeof aiKeywords.$inferSelect;

const parent = alias(aiTopics, 'parent');

/**
 * `with recursive tree(id)`: the rows of a tree table matching `start`, and every row below them
 * (through `parent_id`). The statement that follows reads `tree`.
 */
export const treeFrom = (table: 'ai_categories' | 'ai_topics', start: SQL) => sql`
  with recursive tree(id) as (
    select id from ${sql.identifier(table)} where ${start}
    union all
    select child.id from ${sql.identifier(table)} child join tree on child.parent_id = tree.id
  )`;

const topicColumns = {
  topic: aiTopics,
  categoryName: aiCategories.name,
  parentName: parent.name,
  keywordCount: sql<number>`(select count(*) from ai_keywords k where k.topic_id = "ai_topics"."id")`.mapWith(
    Number,
  ),
  responseCount:
    sql<number>`(select count(*) from ai_responses r where r.topic_id = "ai_topics"."id")`.mapWith(Number),
  subTopicCount: sql<number>`(select count(*) from ai_topics s where s.parent_id = "ai_topics"."id")`.mapWith(
    Number,
  ),
};
export type TopicWithNames = {
  topic: TopicRow;
  categoryName: string;
  parentName: string | null;
  keywordCount: number;
  responseCount: number;
  subTopicCount: number;
};

export interface TopicListFilter {
  categoryId?: number | undefined;
  parentId?: number | undefined;
  search?: string | undefined;
  sortBy: 'name' | 'category' | 'remarks' | 'is_activated' | 'created_at';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The topics a list shows, by its filter (over `ai_topics` joined with its category): the page, and
 * a bulk action on "all matching".
 */
export function topicListWhere(
  deviceId: number,
  f: Pick<TopicListFilter, 'categoryId' | 'parentId' | 'search'>,
): SQL {
  const conditions: SQL[] = [eq(aiTopics.deviceId, deviceId)];
  if (f.categoryId !== undefined) conditions.push(eq(aiTopics.categoryId, f.categoryId));
  if (f.parentId !== undefined) conditions.push(eq(aiTopics.parentId, f.parentId));
  if (f.search) {
    const pattern = likePattern(f.search);
    conditions.push(
      or(ilike(aiTopics.name, pattern), ilike(aiTopics.remarks, pattern), ilike(aiCategories.name, pattern))!,
    );
  }
  return and(...conditions)!;
}

/** SQL of question topics, categories, keywords and AI settings, always scoped by device. */
export function createTopicsRepo(db: Db) {
  const topicQuery = () =>
    db
      .select(topicColumns)
      .from(aiTopics)
      .innerJoin(aiCategories, eq(aiCategories.id, aiTopics.categoryId))
      .leftJoin(parent, eq(parent.id, aiTopics.parentId));

  return {
    // ------------------------------------------------------------ categories
    async categories(deviceId: number) {
      return db
        .select({
          category: aiCategories,
          hasChild: sql<boolean>`exists (select 1 from ai_categories c where c.parent_id = "ai_categories"."id")`,
          topicCount:
            sql<number>`(select count(*) from ai_topics t where t.category_id = "ai_categories"."id")`.mapWith(
              Number,
            ),
        })
        .from(aiCategories)
        .where(eq(aiCategories.deviceId, deviceId))
        .orderBy(asc(sql`lower(${aiCategories.name})`), asc(aiCategories.id));
    },

    async category(deviceId: number, id: number) {
      const [row] = await db
        .select()
        .from(aiCategories)
        .where(and(eq(aiCategories.deviceId, deviceId), eq(aiCategories.id, id)));
      return row;
    },

    async insertCategory(values: typeof aiCategories.$inferInsert) {
      const [row] = await db.insert(aiCategories).values(values).returning();
      return row!;
    },

    async renameCategory(deviceId: number, id: number, name: string) {
      const [row] = await db
        .update(aiCategories)
        .set({ name })
        .where(and(eq(aiCategories.deviceId, deviceId), eq(aiCategories.id, id)))
        .returning();
      return row;
    },

    /** Ids of the category and every category below it. */
    async subtree(deviceId: number, id: number): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`${treeFrom('ai_categories', sql`id = ${id} and device_id = ${deviceId}`)} select id from tree`,
      );
      return rows.map((r) => Number(r.id));
    },

    async topicsIn(categoryIds: number[]) {
      if (categoryIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(aiTopics)
        .where(inArray(aiTopics.categoryId, categoryIds));
      return row?.n ?? 0;
    },

    async deleteCategory(deviceId: number, id: number) {
      const rows = await db
        .delete(aiCategories)
        .where(and(eq(aiCategories.deviceId, deviceId), eq(aiCategories.id, id)))
        .returning({ id: aiCategories.id });
      return rows.length > 0;
    },

    // ------------------------------------------------------------ topics
    async topic(deviceId: number, id: number): Promise<TopicWithNames | undefined> {
      const [row] = await topicQuery().where(and(eq(aiTopics.deviceId, deviceId), eq(aiTopics.id, id)));
      return row;
    },

    async topicRow(deviceId: number, id: number) {
      const [row] = await db
        .select()
        .from(aiTopics)
        .where(and(eq(aiTopics.deviceId, deviceId), eq(aiTopics.id, id)));
      return row;
    },

    async topicPage(deviceId: number, f: TopicListFilter) {
      const where = topicListWhere(deviceId, f);
      const direction = f.order === 'asc' ? asc : desc;
      const sortColumn = {
        name: sql`lower(${aiTopics.name})`,
        category: sql`lower(${aiCategories.name})`,
        remarks: sql`lower(${aiTopics.remarks})`,
        is_activated: aiTopics.isActivated,
        created_at: aiTopics.createdAt,
      }[f.sortBy];
      const [rows, [total]] = await Promise.all([
        topicQuery()
          .where(where)
          .orderBy(direction(sortColumn), direction(aiTopics.id))
          .limit(f.limit)
          .offset(f.offset),
        db
          .select({ n: count() })
          .from(aiTopics)
          .innerJoin(aiCategories, eq(aiCategories.id, aiTopics.categoryId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every topic of the device, light: for finders, payloads and the matcher. */
    async allTopics(deviceId: number, limit?: number) {
      const query = db
        .select()
        .from(aiTopics)
        .where(eq(aiTopics.deviceId, deviceId))
        .orderBy(asc(sql`lower(${aiTopics.name})`), asc(aiTopics.id));
      return limit === undefined ? query : query.limit(limit);
    },

    async topicsById(deviceId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(aiTopics)
        .where(and(eq(aiTopics.deviceId, deviceId), inArray(aiTopics.id, ids)));
    },

    async autoComplete(deviceId: number, text: string) {
      return (
        db
          .select({
            id: aiTopics.id,
            name: aiTopics.name,
            categoryName: aiCategories.name,
            parentId: aiTopics.parentId,
          })
          .from(aiTopics)
          .innerJoin(aiCategories, eq(aiCategories.id, aiTopics.categoryId))
          .where(and(eq(aiTopics.deviceId, deviceId), ilike(aiTopics.name, likePattern(text))))
          // Names that start with the text first, then shorter names.
          .orderBy(
            sql`case when lower(${aiTopics.name}) like lower(${prefixPattern(text)}) then 0 else 1 end`,
            sql`length(${aiTopics.name})`,
            asc(aiTopics.id),
          )
          .limit(10)
      );
    },

    async children(deviceId: number, parentId: number) {
      return db
        .select({ id: aiTopics.id, name: aiTopics.name })
        .from(aiTopics)
        .where(and(eq(aiTopics.deviceId, deviceId), eq(aiTopics.parentId, parentId)))
        .orderBy(asc(sql`lower(${aiTopics.name})`));
    },

    async rootTopicsOf(deviceId: number, categoryId: number | null) {
      return db
        .select({
          id: aiTopics.id,
          name: aiTopics.name,
          isActivated: aiTopics.isActivated,
          subTopicCount: topicColumns.subTopicCount,
        })
        .from(aiTopics)
        .where(
          and(
            eq(aiTopics.deviceId, deviceId),
            isNull(aiTopics.parentId),
            categoryId === null ? sql`false` : eq(aiTopics.categoryId, categoryId),
          ),
        )
        .orderBy(asc(sql`lower(${aiTopics.name})`));
    },

    async insertTopic(values: typeof aiTopics.$inferInsert) {
      const [row] = await db.insert(aiTopics).values(values).returning();
      return row!;
    },

    async updateTopic(deviceId: number, id: number, values: Partial<typeof aiTopics.$inferInsert>) {
      const [row] = await db
        .update(aiTopics)
        .set(values)
        .where(and(eq(aiTopics.deviceId, deviceId), eq(aiTopics.id, id)))
        .returning();
      return row;
    },

    /** Sub-topics follow their parent's category. */
    async moveSubTopics(deviceId: number, parentId: number, categoryId: number) {
      await db.execute(sql`
        ${treeFrom('ai_topics', sql`parent_id = ${parentId} and device_id = ${deviceId}`)}
        update ai_topics set category_id = ${categoryId} where id in (select id from tree)`);
    },

    // ------------------------------------------------------------ keywords and phrases
    async keywords(deviceId: number, topicId: number, language?: string) {
      return db
        .select()
        .from(aiKeywords)
        .where(
          and(
            eq(aiKeywords.deviceId, deviceId),
            eq(aiKeywords.topicId, topicId),
            language ? eq(aiKeywords.language, language) : undefined,
          ),
        )
        .orderBy(asc(aiKeywords.kind), asc(aiKeywords.createdAt), asc(aiKeywords.id));
    },

    async keyword(deviceId: number, id: number) {
      const [row] = await db
        .select()
        .from(aiKeywords)
        .where(and(eq(aiKeywords.deviceId, deviceId), eq(aiKeywords.id, id)));
      return row;
    },

    /** Other topics of the device whose keywords fold to one of these forms, per form. */
    async conflicts(deviceId: number, language: string, norms: string[], exceptTopicId: number) {
      if (norms.length === 0) return [];
      return db
        .selectDistinct({ norm: aiKeywords.norm, intentId: aiTopics.id, intentName: aiTopics.name })
        .from(aiKeywords)
        .innerJoin(aiTopics, eq(aiTopics.id, aiKeywords.topicId))
        .where(
          and(
            eq(aiKeywords.deviceId, deviceId),
            eq(aiKeywords.language, language),
            inArray(aiKeywords.norm, norms),
            ne(aiKeywords.topicId, exceptTopicId),
          ),
        )
        .orderBy(asc(aiTopics.name));
    },

    async insertKeyword(values: typeof aiKeywords.$inferInsert) {
      const [row] = await db.insert(aiKeywords).values(values).returning();
      return row!;
    },

    async updateKeyword(deviceId: number, id: number, values: { text: string; norm: string }) {
      const [row] = await db
        .update(aiKeywords)
        .set(values)
        .where(and(eq(aiKeywords.deviceId, deviceId), eq(aiKeywords.id, id)))
        .returning();
      return row;
    },

    /** The device's keywords among `ids` (at most `max` + 1), named by their text: what a delete takes. */
    keywordsToDelete: (t: Db, deviceId: number, selection: { ids: number[] }, max: number) =>
      t
        .select({ id: aiKeywords.id, name: aiKeywords.text })
        .from(aiKeywords)
        .where(and(eq(aiKeywords.deviceId, deviceId), inArray(aiKeywords.id, selection.ids)))
        .limit(max + 1),

    /** A keyword per topic in a language, for button payloads: the earliest typed keyword. */
    async firstKeywords(deviceId: number, language: string) {
      return db
        .selectDistinctOn([aiKeywords.topicId], { topicId: aiKeywords.topicId, text: aiKeywords.text })
        .from(aiKeywords)
        .where(
          and(
            eq(aiKeywords.deviceId, deviceId),
            eq(aiKeywords.language, language),
            eq(aiKeywords.kind, 'keyword'),
          ),
        )
        .orderBy(aiKeywords.topicId, asc(aiKeywords.createdAt), asc(aiKeywords.id));
    },

    /**
     * A page of the device's keywords and phrases (what the matcher learns from), in id order after
     * `afterId`. Read in pages so that, on the embedded database (which runs a query to its end on
     * the server's thread), questions are answered between two pages of a large device's load.
     */
    async keywordsPage(deviceId: number, afterId: number, limit: number) {
      return db
        .select({
          id: aiKeywords.id,
          topicId: aiKeywords.topicId,
          language: aiKeywords.language,
          kind: aiKeywords.kind,
          text: aiKeywords.text,
        })
        .from(aiKeywords)
        .where(and(eq(aiKeywords.deviceId, deviceId), gt(aiKeywords.id, afterId)))
        .orderBy(asc(aiKeywords.id))
        .limit(limit);
    },

    async allKeywords(deviceId: number, topicIds?: number[]) {
      return db
        .select()
        .from(aiKeywords)
        .where(
          and(
            eq(aiKeywords.deviceId, deviceId),
            topicIds ? inArray(aiKeywords.topicId, topicIds) : undefined,
          ),
        )
        .orderBy(asc(aiKeywords.id));
    },

    // ------------------------------------------------------------ settings
    async settings(deviceId: number) {
      const [row] = await db.select().from(aiSettings).where(eq(aiSettings.deviceId, deviceId));
      return row;
    },

    /** Sets the fields given; a device without a settings row gets one (the rest at defaults). */
    async saveSettings(
      deviceId: number,
      values: { isEnabledRelatedIntents?: boolean; answerConfidence?: number | null },
      at: Date,
    ) {
      const [row] = await db
        .insert(aiSettings)
        .values({ deviceId, ...values, updatedAt: at })
        .onConflictDoUpdate({ target: aiSettings.deviceId, set: { ...values, updatedAt: at } })
        .returning();
      return row!;
    },
  };
}

export type TopicsRepo = ReturnType<typeof createTopicsRepo>;
