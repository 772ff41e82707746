import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
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
