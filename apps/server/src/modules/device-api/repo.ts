import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { aiCategories, aiTopics, conversations, visitorSessions } from '../../db/schema.js';

export interface ConversationLog {
  deviceId: number;
  sessionId: string;
  at: Date;
  acquire: string;
  reply: string;
  language: string;
  intentId: number | null;
  intentName: string | null;
  responseTimeMs: number;
  score: number | null;
  status: 'answered' | 'fallback';
  /** A fallback's closest topic (its score is `score`); null when answered or nothing was close. */
  candidateIntentId: number | null;
  idempotencyKey: string;
}

const sessionColumns = {
  id: visitorSessions.id,
  language: visitorSessions.language,
  startedAt: visitorSessions.startedAt,
  endedAt: visitorSessions.endedAt,
  questions: visitorSessions.questions,
};

export function createDeviceApiRepo(db: Db) {
  return {
    async startSession(input: { id: string; deviceId: number; language: string; at: Date }) {
      const [row] = await db
        .insert(visitorSessions)
        .values({
          id: input.id,
          deviceId: input.deviceId,
          language: input.language,
          startedAt: input.at,
          lastActivityAt: input.at,
        })
        .returning(sessionColumns);
      return row!;
    },

    async findSession(deviceId: number, sessionId: string) {
      const [row] = await db
        .select(sessionColumns)
        .from(visitorSessions)
        .where(and(eq(visitorSessions.id, sessionId), eq(visitorSessions.deviceId, deviceId)));
      return row;
    },

    /** Ends a session once: ending it again keeps the first end time. */
    async endSession(deviceId: number, sessionId: string, at: Date) {
      const [row] = await db
        .update(visitorSessions)
        .set({ endedAt: sql`coalesce(${visitorSessions.endedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(visitorSessions.id, sessionId), eq(visitorSessions.deviceId, deviceId)))
        .returning(sessionColumns);
      return row;
    },

    /**
     * Logs a question once per idempotency key, and counts it on its session, in one statement.
     * A repeated key logs nothing and returns the first row's id. The category name is read in
     * the same statement (a snapshot: later renames do not rewrite history).
     */
    async logConversation(c: ConversationLog): Promise<number> {
      const at = c.at.toISOString();
      const [inserted] = await queryRows<{ id: string | number }>(
        db,
        sql`with ins as (
              insert into ${conversations}
                (device_id, session_id, at, acquire, reply, language, intent_id, intent_name,
                 category_name, response_time_ms, score, status, candidate_intent_id, idempotency_key)
              values (${c.deviceId}, ${c.sessionId}, ${at}::timestamptz, ${c.acquire}, ${c.reply},
                 ${c.language}, ${c.intentId}, ${c.intentName},
                 (select c.name from ${aiTopics} t join ${aiCategories} c on c.id = t.category_id
                   where t.id = ${c.intentId} and t.device_id = ${c.deviceId}),
                 ${c.responseTimeMs},
                 ${c.score}, ${c.status}, ${c.candidateIntentId}, ${c.idempotencyKey})
              on conflict (device_id, idempotency_key) where idempotency_key is not null do nothing
              returning id),
            upd as (
              update ${visitorSessions}
                 set questions = questions + 1,
                     last_activity_at = greatest(last_activity_at, ${at}::timestamptz)
               where id = ${c.sessionId} and exists (select 1 from ins)
              returning 1)
            select id from ins`,
      );
      if (inserted) return Number(inserted.id);
      const [existing] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(eq(conversations.deviceId, c.deviceId), eq(conversations.idempotencyKey, c.idempotencyKey)),
        );
      if (!existing) throw new Error('conversation log: neither inserted nor found');
      return existing.id;
    },

    async rate(deviceId: number, conversationId: number, rating: number, comment: string) {
      const [row] = await db
        .update(conversations)
        .set({ rating, comment })
        .where(and(eq(conversations.id, conversationId), eq(conversations.deviceId, deviceId)))
        .returning({ id: conversations.id, rating: conversations.rating, comment: conversations.comment });
      return row;
    },
  };
}

export type DeviceApiRepo = ReturnType<typeof createDeviceApiRepo>;
