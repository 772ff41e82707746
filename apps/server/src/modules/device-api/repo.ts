import { and, eq, or, sql } from 'drizzle-orm';
import type { AnswerStep, DocumentSource } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import { preparedStatement, queryRows } from '../../db/client.js';
import { aiCategories, aiKeywords, aiTopics, conversations, visitorSessions } from '../../db/schema.js';

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
  /** answered (a topic), location, document, small_talk, declined (a topic filter) or fallback. */
  status: 'answered' | 'fallback' | 'location' | 'document' | 'small_talk' | 'declined';
  /** A document answer's source, as it was; null otherwise. */
  source?: DocumentSource | null;
  /** A fallback's closest topic (its score is `score`); null when answered or nothing was close. */
  candidateIntentId: number | null;
  /** A location answer's location; its name as asked is `intentName`. */
  locationId?: number | null;
  /** Each step of the answering chain with what it found. */
  steps?: AnswerStep[] | null;
  idempotencyKey: string;
}

/**
 * The logged columns, their SQL types and where each comes from: one list for the multi-row insert
 * (`category_name` is added by the statement itself).
 */
const LOG_COLUMNS: ReadonlyArray<readonly [string, string, (c: ConversationLog) => unknown]> = [
  ['device_id', 'integer', (c) => c.deviceId],
  ['session_id', 'uuid', (c) => c.sessionId],
  ['at', 'timestamptz', (c) => c.at.toISOString()],
  ['acquire', 'text', (c) => c.acquire],
  ['reply', 'text', (c) => c.reply],
  ['language', 'text', (c) => c.language],
  ['intent_id', 'integer', (c) => c.intentId],
  ['intent_name', 'text', (c) => c.intentName],
  ['response_time_ms', 'integer', (c) => c.responseTimeMs],
  ['score', 'real', (c) => c.score],
  ['status', 'text', (c) => c.status],
  ['candidate_intent_id', 'integer', (c) => c.candidateIntentId],
  ['location_id', 'integer', (c) => c.locationId ?? null],
  ['source', 'jsonb', (c) => c.source ?? null],
  ['steps', 'jsonb', (c) => c.steps ?? null],
  ['idempotency_key', 'text', (c) => c.idempotencyKey],
];

const sessionColumns = {
  id: visitorSessions.id,
  language: visitorSessions.language,
  startedAt: visitorSessions.startedAt,
  endedAt: visitorSessions.endedAt,
  questions: visitorSessions.questions,
};

export function createDeviceApiRepo(db: Db) {
  const names = sql.raw(LOG_COLUMNS.map(([name]) => name).join(', '));
  const typed = sql.raw([...LOG_COLUMNS.map(([name, type]) => `${name} ${type}`), 'ord integer'].join(', '));
  /** The rows as one JSON parameter (`rows`): the same statement for any batch, prepared once. */
  const insertLog = preparedStatement<{ id: string | number; device_id: number; idempotency_key: string }>(
    db,
    'conversation_log_insert',
    sql`with v as (select * from json_to_recordset(${sql.placeholder('rows')}::json) as v(${typed})),
          ins as (
            insert into ${conversations} (${names}, category_name)
            select ${sql.raw(LOG_COLUMNS.map(([name]) => `v.${name}`).join(', '))},
                   (select c.name from ${aiTopics} t join ${aiCategories} c on c.id = t.category_id
                     where t.id = v.intent_id and t.device_id = v.device_id)
              from v order by v.ord
            on conflict (device_id, idempotency_key) where idempotency_key is not null do nothing
            returning id, device_id, idempotency_key, session_id, at),
          upd as (
            update ${visitorSessions} s
               set questions = s.questions + n.count,
                   last_activity_at = greatest(s.last_activity_at, n.last_at)
              from (select session_id, count(*)::int as count, max(at) as last_at
                      from ins where session_id is not null group by session_id) n
             where s.id = n.session_id
            returning 1)
          select id, device_id, idempotency_key from ins`,
  );

  /**
   * Logs questions once per idempotency key, and counts them on their sessions, in one statement
   * for many rows (the writer batches what arrives together). A repeated key logs nothing and
   * gives the first row's id. The category name is read in the same statement (a snapshot: later
   * renames do not rewrite history). Answers the ids in the order of `rows`.
   */
  async function logConversations(rows: ConversationLog[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const keyOf = (c: { deviceId: number; idempotencyKey: string }) =>
      `${c.deviceId}\u0000${c.idempotencyKey}`;
    // The same key twice in one batch (a retry racing its original) is one row.
    const unique = [...new Map(rows.map((c) => [keyOf(c), c])).values()];
    // All rows travel as one JSON parameter: the statement is the same for any batch (prepared once,
    // see `insertLog`), and building it costs nothing per row (a VALUES list with a parameter per cell did).
    const json = JSON.stringify(
      unique.map((c, ord) => ({
        ...Object.fromEntries(LOG_COLUMNS.map(([name, , value]) => [name, value(c)])),
        ord,
      })),
    );
    const inserted = await insertLog({ rows: json });
    const ids = new Map(
      inserted.map((r) => [
        keyOf({ deviceId: r.device_id, idempotencyKey: r.idempotency_key }),
        Number(r.id),
      ]),
    );
    const missing = unique.filter((c) => !ids.has(keyOf(c)));
    if (missing.length > 0) {
      // Logged before (a retry): the first row's id.
      const found = await db
        .select({ id: conversations.id, deviceId: conversations.deviceId, key: conversations.idempotencyKey })
        .from(conversations)
        .where(
          or(
            ...missing.map((c) =>
              and(eq(conversations.deviceId, c.deviceId), eq(conversations.idempotencyKey, c.idempotencyKey)),
            ),
          ),
        );
      for (const r of found) ids.set(keyOf({ deviceId: r.deviceId, idempotencyKey: r.key! }), r.id);
    }
    return rows.map((c) => {
      const id = ids.get(keyOf(c));
      if (id === undefined) throw new Error('conversation log: neither inserted nor found');
      return id;
    });
  }

  return {
    logConversations,

    /**
     * A phrase (else a keyword) in `language` of the device's active topics, the most answered
     * since `since` first, then the oldest topics: what the chat suggests.
     */
    async suggestions(deviceId: number, language: string, since: Date, limit: number) {
      const rows = await queryRows<{ text: string }>(
        db,
        sql`with asked as (
              select intent_id, count(*)::int as n from ${conversations}
               where device_id = ${deviceId}::integer and status = 'answered' and intent_id is not null
                 and at >= ${since.toISOString()}::timestamptz
               group by intent_id)
            select k.text from ${aiTopics} t
              left join asked a on a.intent_id = t.id
              join lateral (
                select text from ${aiKeywords}
                 where topic_id = t.id and language = ${language}::text
                 order by (kind = 'phrase') desc, id limit 1) k on true
             where t.device_id = ${deviceId}::integer and t.is_activated
             order by coalesce(a.n, 0) desc, t.id
             limit ${limit}::integer`,
      );
      return rows.map((r) => r.text);
    },

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

    /** The visitor went on in another language (the kiosk switched): the session's language follows. */
    async setSessionLanguage(deviceId: number, sessionId: string, language: string) {
      await db
        .update(visitorSessions)
        .set({ language })
        .where(and(eq(visitorSessions.id, sessionId), eq(visitorSessions.deviceId, deviceId)));
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

    /** Logs one question (the retry path): `logConversations` with one row. */
    async logConversation(c: ConversationLog): Promise<number> {
      const [id] = await logConversations([c]);
      return id!;
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
