import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { conversations as c } from '../../../db/schema.js';

/** A question as visitors asked it in the window, and how often. */
export interface AskedQuestion {
  language: string;
  text: string;
  times: number;
}

/** What the answer-confidence preview reads from the conversation log. */
export function createConfidenceRepo(db: Db) {
  const recent = (deviceId: number, since: Date) => and(eq(c.deviceId, deviceId), gte(c.at, since));
  return {
    /**
     * The newest `limit` questions of the device since `since`, one row per distinct text and
     * language: along the (device_id, at, id) index, so a busy device reads only those rows.
     */
    async recentQuestions(deviceId: number, since: Date, limit: number): Promise<AskedQuestion[]> {
      const newest = db
        .select({ language: c.language, text: c.acquire })
        .from(c)
        .where(recent(deviceId, since))
        .orderBy(desc(c.at), desc(c.id))
        .limit(limit)
        .as('newest');
      return db
        .select({
          language: newest.language,
          text: newest.text,
          times: sql<number>`count(*)::int`.mapWith(Number),
        })
        .from(newest)
        .groupBy(newest.language, newest.text);
    },

    /** Whether the window holds more than `limit` questions (the preview then uses the newest). */
    async moreThan(deviceId: number, since: Date, limit: number): Promise<boolean> {
      const rows = await db
        .select({ id: c.id })
        .from(c)
        .where(recent(deviceId, since))
        .orderBy(desc(c.at), desc(c.id))
        .limit(1)
        .offset(limit);
      return rows.length > 0;
    },
  };
}

export type ConfidenceRepo = ReturnType<typeof createConfidenceRepo>;
