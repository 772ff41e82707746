import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { MediaReferenceSource } from '../../../media/repo.js';
import { aiResponses } from '../../../db/schema.js';

export type ResponseRow = typeof aiResponses.$inferSelect;

export function createResponsesRepo(db: Db) {
  return {
    async list(
      deviceId: number,
      topicIds: number[],
      filter: { language?: string; deviceType?: 'ambassador' | 'chatbot' } = {},
    ) {
      if (topicIds.length === 0) return [];
      return db
        .select()
        .from(aiResponses)
        .where(
          and(
            eq(aiResponses.deviceId, deviceId),
            inArray(aiResponses.topicId, topicIds),
            filter.language ? eq(aiResponses.language, filter.language) : undefined,
            filter.deviceType ? eq(aiResponses.deviceType, filter.deviceType) : undefined,
          ),
        )
        .orderBy(asc(aiResponses.createdAt), asc(aiResponses.id));
    },

    /** Every response of the device, every topic, language and kind (the answer cache's load). */
    async allOf(deviceId: number) {
      return db
        .select()
        .from(aiResponses)
        .where(eq(aiResponses.deviceId, deviceId))
        .orderBy(asc(aiResponses.createdAt), asc(aiResponses.id));
    },

    async insert(values: typeof aiResponses.$inferInsert) {
      const [row] = await db.insert(aiResponses).values(values).returning();
      return row!;
    },

    async update(deviceId: number, id: number, values: Partial<typeof aiResponses.$inferInsert>) {
      const [row] = await db
        .update(aiResponses)
        .set(values)
        .where(and(eq(aiResponses.deviceId, deviceId), eq(aiResponses.id, id)))
        .returning();
      return row;
    },

    async remove(deviceId: number, id: number) {
      const [row] = await db
        .delete(aiResponses)
        .where(and(eq(aiResponses.deviceId, deviceId), eq(aiResponses.id, id)))
        .returning();
      return row;
    },
  };
}

export type ResponsesRepo = ReturnType<typeof createResponsesRepo>;

/** The media a response shows: images in its contents (image, cards) and its custom content. */
export const responseMediaReferences: MediaReferenceSource = {
  name: 'response contents',
  texts: sql`select contents::text from ai_responses where contents::text like '%/media/%'
             union all
             select custom_content from ai_responses where custom_content like '%/media/%'`,
};
