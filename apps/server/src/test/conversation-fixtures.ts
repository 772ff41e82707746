import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { conversations, devices, visitorSessions } from '../db/schema.js';

/**
 * Rows the device API would log, written straight into the tables with chosen timestamps, for
 * tests of what reads them (conversation review, dashboard).
 */
export interface ConversationFixture {
  deviceId: number;
  at: Date | string;
  acquire: string;
  reply?: string;
  language?: string;
  intentId?: number | null;
  intentName?: string | null;
  categoryName?: string | null;
  responseTimeMs?: number;
  score?: number | null;
  status?: 'answered' | 'fallback' | 'location';
  /** The place a `location` answer showed. */
  locationId?: number | null;
  rating?: 1 | -1 | null;
  comment?: string;
  bookmarked?: boolean;
  sessionId?: string | null;
  /** A fallback's closest topic. */
  candidateIntentId?: number | null;
}

const asDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/** Inserts the conversations in order (ids ascending) and returns their ids. */
export async function insertConversations(db: Db, rows: ConversationFixture[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => ({
      deviceId: r.deviceId,
      at: asDate(r.at),
      acquire: r.acquire,
      reply: r.reply ?? `Answer to: ${r.acquire}`,
      language: r.language ?? 'english',
      intentId: r.intentId ?? null,
      intentName: r.intentName ?? null,
      categoryName: r.categoryName ?? null,
      responseTimeMs: r.responseTimeMs ?? 100,
      score: r.score ?? null,
      status: r.status ?? (r.intentName ? 'answered' : 'fallback'),
      rating: r.rating ?? null,
      comment: r.comment ?? '',
      bookmarked: r.bookmarked ?? false,
      sessionId: r.sessionId ?? null,
      candidateIntentId: r.candidateIntentId ?? null,
      locationId: r.locationId ?? null,
    }));
    const inserted = await db.insert(conversations).values(values).returning({ id: conversations.id });
    ids.push(...inserted.map((x) => x.id));
  }
  return ids;
}

export interface SessionFixture {
  deviceId: number;
  startedAt: Date | string;
  lastActivityAt?: Date | string;
  endedAt?: Date | string | null;
  questions?: number;
  language?: string;
}

/** Inserts a visitor session and returns its id. */
export async function insertSession(db: Db, s: SessionFixture): Promise<string> {
  const id = randomUUID();
  await db.insert(visitorSessions).values({
    id,
    deviceId: s.deviceId,
    language: s.language ?? 'english',
    startedAt: asDate(s.startedAt),
    lastActivityAt: asDate(s.lastActivityAt ?? s.startedAt),
    endedAt: s.endedAt ? asDate(s.endedAt) : null,
    questions: s.questions ?? 0,
  });
  return id;
}

/** A device of the project, for tests that need more than the seeded ones. */
export async function insertDevice(db: Db, projectId: number, description: string) {
  const [row] = await db
    .insert(devices)
    .values({ projectId, description, kind: 'ambassador' })
    .returning({ id: devices.id });
  return row!.id;
}

/** Forgets every conversation and visitor session of the devices. */
export async function clearConversations(db: Db, deviceIds: number[]) {
  await db.delete(conversations).where(inArray(conversations.deviceId, deviceIds));
  await db.delete(visitorSessions).where(inArray(visitorSessions.deviceId, deviceIds));
}
