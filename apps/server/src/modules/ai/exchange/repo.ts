import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { aiKeywords, aiResponses, devices } from '../../../db/schema.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for either table. */
const CHUNK = 500;

/** SQL the topics workbook needs beyond the topics and responses repos; built on a Db or a transaction. */
export function createExchangeRepo(db: Db) {
  return {
    async deviceDescription(deviceId: number) {
      const [row] = await db
        .select({ description: devices.description })
        .from(devices)
        .where(eq(devices.id, deviceId));
      return row?.description;
    },

    /** Serialises imports (and transfers) into one device: inside a transaction only. */
    async lockDevice(deviceId: number) {
      await db.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).for('update');
    },

    /** Every response of the device, in the order the console lists them. */
    async responsesOf(deviceId: number) {
      return db
        .select()
        .from(aiResponses)
        .where(eq(aiResponses.deviceId, deviceId))
        .orderBy(asc(aiResponses.createdAt), asc(aiResponses.id));
    },

    async deleteKeywordsOf(deviceId: number, topicIds: number[]) {
      for (let i = 0; i < topicIds.length; i += CHUNK) {
        await db
          .delete(aiKeywords)
          .where(
            and(eq(aiKeywords.deviceId, deviceId), inArray(aiKeywords.topicId, topicIds.slice(i, i + CHUNK))),
          );
      }
    },

    async insertKeywords(rows: (typeof aiKeywords.$inferInsert)[]) {
      for (let i = 0; i < rows.length; i += CHUNK)
        await db.insert(aiKeywords).values(rows.slice(i, i + CHUNK));
    },

    async deleteResponsesOf(deviceId: number, topicIds: number[]) {
      for (let i = 0; i < topicIds.length; i += CHUNK) {
        await db
          .delete(aiResponses)
          .where(
            and(
              eq(aiResponses.deviceId, deviceId),
              inArray(aiResponses.topicId, topicIds.slice(i, i + CHUNK)),
            ),
          );
      }
    },

    async insertResponses(rows: (typeof aiResponses.$inferInsert)[]) {
      for (let i = 0; i < rows.length; i += CHUNK)
        await db.insert(aiResponses).values(rows.slice(i, i + CHUNK));
    },
  };
}

export type ExchangeRepo = ReturnType<typeof createExchangeRepo>;
