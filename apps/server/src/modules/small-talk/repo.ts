import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smallTalkLists as l, smallTalkSettings as s, smallTalkTopicFilters as f } from '../../db/schema.js';
import type { StoredSmallTalkItem } from './starter.js';

export interface SmallTalkSettingsRow {
  isEnabledSmalltalk: boolean;
  isEnabledTopicFilter: boolean;
  prompt: string;
}

export interface SmallTalkListRow {
  items: StoredSmallTalkItem[];
  updatedAt: Date;
}

export interface TopicFilterRow {
  language: string;
  topics: string[];
  speech: string;
  text: string;
}

/** A device's small talk: settings, lists and topic filters, always read and written by device id. */
export function createSmallTalkRepo(db: Db) {
  return {
    /** The saved settings, or null when the device never saved any. */
    async settings(deviceId: number): Promise<SmallTalkSettingsRow | null> {
      const [row] = await db
        .select({
          isEnabledSmalltalk: s.isEnabledSmalltalk,
          isEnabledTopicFilter: s.isEnabledTopicFilter,
          prompt: s.prompt,
        })
        .from(s)
        .where(eq(s.deviceId, deviceId));
      return row ?? null;
    },

    /** Saves what is given of the settings (the rest keeps its value, or its default). */
    async saveSettings(
      deviceId: number,
      change: Partial<SmallTalkSettingsRow>,
      at: Date,
    ): Promise<SmallTalkSettingsRow> {
      const [row] = await db
        .insert(s)
        .values({ deviceId, ...change, updatedAt: at })
        .onConflictDoUpdate({ target: s.deviceId, set: { ...change, updatedAt: at } })
        .returning({
          isEnabledSmalltalk: s.isEnabledSmalltalk,
          isEnabledTopicFilter: s.isEnabledTopicFilter,
          prompt: s.prompt,
        });
      return row!;
    },

    /** A language's saved list, or null while it still holds the starter set. */
    async list(deviceId: number, language: string): Promise<SmallTalkListRow | null> {
      const [row] = await db
        .select({ items: l.items, updatedAt: l.updatedAt })
        .from(l)
        .where(and(eq(l.deviceId, deviceId), eq(l.language, language)));
      return row ?? null;
    },

    /** Every language's saved list of the device. */
    async lists(deviceId: number): Promise<(SmallTalkListRow & { language: string })[]> {
      return db
        .select({ language: l.language, items: l.items, updatedAt: l.updatedAt })
        .from(l)
        .where(eq(l.deviceId, deviceId));
    },

    async saveList(
      deviceId: number,
      language: string,
      items: StoredSmallTalkItem[],
      at: Date,
      userId: number,
    ): Promise<SmallTalkListRow> {
      const [row] = await db
        .insert(l)
        .values({ deviceId, language, items, updatedAt: at, updatedBy: userId })
        .onConflictDoUpdate({
          target: [l.deviceId, l.language],
          set: { items: sql`excluded.items`, updatedAt: at, updatedBy: userId },
        })
        .returning({ items: l.items, updatedAt: l.updatedAt });
      return row!;
    },

    /** Back to the starter set: the language's list is forgotten. */
    async removeList(deviceId: number, language: string) {
      await db.delete(l).where(and(eq(l.deviceId, deviceId), eq(l.language, language)));
    },

    /** The device's saved topic filters. */
    async filters(deviceId: number): Promise<TopicFilterRow[]> {
      return db
        .select({ language: f.language, topics: f.topics, speech: f.speech, text: f.text })
        .from(f)
        .where(eq(f.deviceId, deviceId));
    },

    async saveFilter(deviceId: number, filter: TopicFilterRow, at: Date) {
      const { language, topics, speech, text } = filter;
      await db
        .insert(f)
        .values({ deviceId, language, topics, speech, text, updatedAt: at })
        .onConflictDoUpdate({
          target: [f.deviceId, f.language],
          set: { topics, speech, text, updatedAt: at },
        });
    },
  };
}

export type SmallTalkRepo = ReturnType<typeof createSmallTalkRepo>;
