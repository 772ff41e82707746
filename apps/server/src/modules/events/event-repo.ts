import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { DeleteSpec } from '../../lib/row-images.js';
import type { SearchSource } from '../../core/module.js';
import { hitOf, holds } from '../../lib/search-text.js';
import { closestFirst } from '../../lib/sql.js';
import type { MediaReferenceSource } from '../../media/repo.js';

export type EventRow = typeof events.$inferSelect;

/** What a save sets on an event (the version grows by one with it). */
export interface EventWrite {
  title: string;
  languages: string[];
  flows: Record<string, unknown[]>;
  isActive: boolean;
  updatedBy: string;
}

/** A device's events, always read and written by device id. */
export function createEventRepo(db: Db) {
  return {
    /** Newest first. */
    async list(deviceId: number): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(eq(events.deviceId, deviceId))
        .orderBy(desc(events.createdAt), desc(events.id));
    },

    async one(deviceId: number, id: number): Promise<EventRow | undefined> {
      const [row] = await db
        .select()
        .from(events)
        .where(and(eq(events.deviceId, deviceId), eq(events.id, id)));
      return row;
    },

    /** The device's current event, if any. */
    async current(deviceId: number): Promise<EventRow | undefined> {
      const [row] = await db
        .select()
        .from(events)
        .where(and(eq(events.deviceId, deviceId), eq(events.isActive, true)));
      return row;
    },

    async count(deviceId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(eq(events.deviceId, deviceId));
      return row?.n ?? 0;
    },

    /** A new event, never current. */
    async insert(
      deviceId: number,
      event: { title: string; languages: string[]; flows: Record<string, unknown[]>; updatedBy: string },
      at: Date,
    ) {
      const [row] = await db
        .insert(events)
        .values({ deviceId, ...event, isActive: false, version: 1, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    /**
     * Saves an event as `plan` decides from the row as it is now, read under a row lock: a save
     * that checked a version cannot pass another save made between its read and its write. An event
     * made current ends the device's other current one in the same transaction (the partial unique
     * index refuses two); a save that lost that race to another activation tries once more.
     * `plan` throws to refuse (nothing changes). Undefined when the event is not the device's.
     */
    async save(deviceId: number, id: number, plan: (row: EventRow) => EventWrite, at: Date) {
      const attempt = () =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(events)
            .where(and(eq(events.deviceId, deviceId), eq(events.id, id)))
            .for('update');
          if (!before) return undefined;
          const change = plan(before);
          let ended: number[] = [];
          if (change.isActive) {
            const rows = await tx
              .update(events)
              .set({ isActive: false })
              .where(and(eq(events.deviceId, deviceId), eq(events.isActive, true), ne(events.id, id)))
              .returning({ id: events.id });
            ended = rows.map((r) => r.id);
          }
          const [after] = await tx
            .update(events)
            .set({ ...change, version: before.version + 1, updatedAt: at })
            .where(eq(events.id, id))
            .returning();
          return { before, after: after!, ended };
        });
      try {
        return await attempt();
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        return attempt();
      }
    },

    /** The device's events among `ids`, or all of them (at most `max` + 1): what a bulk delete takes. */
    select: (t: Db, deviceId: number, selection: { ids: number[] } | object, max: number) =>
      t
        .select({ id: events.id, name: events.title })
        .from(events)
        .where(
          and(
            eq(events.deviceId, deviceId),
            'ids' in selection ? inArray(events.id, selection.ids) : undefined,
          ),
        )
        .orderBy(events.id)
        .limit(max + 1),

    /** The current one among the device's events `ids`: what a bulk delete leaves. */
    async activeAmong(t: Db, deviceId: number, ids: number[]) {
      const rows = await t
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.deviceId, deviceId), inArray(events.id, ids), eq(events.isActive, true)));
      return rows.map((r) => r.id);
    },

    /** What an event's delete takes with it for undo: its runs, and the activities and answers of those. */
    deleteSpec: {
      table: 'events',
      children: [
        { table: 'event_runs', column: 'event_id' },
        {
          table: 'event_run_activities',
          column: 'run_id',
          through: { table: 'event_runs', column: 'event_id' },
        },
        {
          table: 'event_run_answers',
          column: 'run_id',
          through: { table: 'event_runs', column: 'event_id' },
        },
      ],
      links: [],
    } satisfies DeleteSpec,
  };
}

export type EventRepo = ReturnType<typeof createEventRepo>;

/** Activity videos and images are media addresses inside the events' flows. */
export const eventMediaReferences: MediaReferenceSource = {
  name: 'event flows',
  texts: sql`select flows::text from events where flows::text like '%/media/%'`,
};

/** What search finds of the events: by title. */
export function eventSearchSources(db: Db): SearchSource[] {
  return [
    {
      kind: 'event',
      page: '/event',
      async find({ deviceId }, text, limit) {
        const rows = await db
          .select({ id: events.id, title: events.title, isActive: events.isActive })
          .from(events)
          .where(and(eq(events.deviceId, deviceId), holds([events.title], text)))
          .orderBy(...closestFirst(events.title, text), events.id)
          .limit(limit);
        return rows.map((r) => hitOf('event', r.id, r.title, { state: r.isActive ? 'active' : null }));
      },
    },
  ];
}
