import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { MediaReferenceSource } from '../../../media/repo.js';
import {
  aiCategories,
  aiEntities,
  aiKeywords,
  aiResponses,
  aiSettings,
  aiTopics,
  aiTransfers,
  devices,
} from '../../../db/schema.js';

/** All AI data of one device, with its own ids only as links between its parts. */
export interface AiBundle {
  categories: { id: number; parentId: number | null; name: string }[];
  topics: {
    id: number;
    categoryId: number;
    parentId: number | null;
    name: string;
    remarks: string;
    isActivated: boolean;
    isEnabledRelatedIntents: boolean;
    avatarMotion: string | null;
  }[];
  keywords: { topicId: number; language: string; kind: 'keyword' | 'phrase'; text: string; norm: string }[];
  responses: {
    topicId: number;
    language: string;
    deviceType: 'ambassador' | 'chatbot';
    responseAim: string;
    responseType: string;
    speech: string;
    customContent: string;
    contents: unknown[];
  }[];
  entities: { keyword: string; norm: string; aliases: string[] }[];
  /** answerConfidence is missing from snapshots taken before it existed (undo restores the default). */
  settings: { isEnabledRelatedIntents: boolean; answerConfidence?: number | null } | null;
}

/** Parents before children, whatever order the rows came in (a cycle cannot be stored). */
function parentsFirst<T extends { id: number; parentId: number | null }>(rows: T[]): T[] {
  const ids = new Set(rows.map((r) => r.id));
  const done = new Set<number>();
  const out: T[] = [];
  let pending = rows;
  while (pending.length > 0) {
    const next = pending.filter((r) => r.parentId !== null && ids.has(r.parentId) && !done.has(r.parentId));
    const ready = pending.filter((r) => !next.includes(r));
    if (ready.length === 0) throw new Error('AI data has a parent cycle');
    for (const r of ready) {
      out.push(r);
      done.add(r.id);
    }
    pending = next;
  }
  return out;
}

export function createTransferRepo(db: Db) {
  return {
    async device(projectId: number, deviceId: number) {
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.projectId, projectId), eq(devices.id, deviceId)));
      return row;
    },

    /** Reads a device's AI data (inside the caller's transaction when given one). */
    async bundle(deviceId: number, tx: Db = db): Promise<AiBundle> {
      const [categories, topics, keywords, responses, entities, [settings]] = await Promise.all([
        tx
          .select({ id: aiCategories.id, parentId: aiCategories.parentId, name: aiCategories.name })
          .from(aiCategories)
          .where(eq(aiCategories.deviceId, deviceId))
          .orderBy(aiCategories.id),
        tx
          .select({
            id: aiTopics.id,
            categoryId: aiTopics.categoryId,
            parentId: aiTopics.parentId,
            name: aiTopics.name,
            remarks: aiTopics.remarks,
            isActivated: aiTopics.isActivated,
            isEnabledRelatedIntents: aiTopics.isEnabledRelatedIntents,
            avatarMotion: aiTopics.avatarMotion,
          })
          .from(aiTopics)
          .where(eq(aiTopics.deviceId, deviceId))
          .orderBy(aiTopics.id),
        tx
          .select({
            topicId: aiKeywords.topicId,
            language: aiKeywords.language,
            kind: aiKeywords.kind,
            text: aiKeywords.text,
            norm: aiKeywords.norm,
          })
          .from(aiKeywords)
          .where(eq(aiKeywords.deviceId, deviceId))
          .orderBy(aiKeywords.id),
        tx
          .select({
            topicId: aiResponses.topicId,
            language: aiResponses.language,
            deviceType: aiResponses.deviceType,
            responseAim: aiResponses.responseAim,
            responseType: aiResponses.responseType,
            speech: aiResponses.speech,
            customContent: aiResponses.customContent,
            contents: aiResponses.contents,
          })
          .from(aiResponses)
          .where(eq(aiResponses.deviceId, deviceId))
          .orderBy(aiResponses.id),
        tx
          .select({ keyword: aiEntities.keyword, norm: aiEntities.norm, aliases: aiEntities.aliases })
          .from(aiEntities)
          .where(eq(aiEntities.deviceId, deviceId))
          .orderBy(aiEntities.id),
        tx
          .select({
            isEnabledRelatedIntents: aiSettings.isEnabledRelatedIntents,
            answerConfidence: aiSettings.answerConfidence,
          })
          .from(aiSettings)
          .where(eq(aiSettings.deviceId, deviceId)),
      ]);
      return { categories, topics, keywords, responses, entities, settings: settings ?? null };
    },

    /** Replaces all AI data of the device by the bundle's; call inside a transaction. */
    async replace(tx: Db, deviceId: number, bundle: AiBundle, at: Date) {
      // Topics first: their categories are protected while in use.
      await tx.delete(aiTopics).where(eq(aiTopics.deviceId, deviceId));
      await tx.delete(aiCategories).where(eq(aiCategories.deviceId, deviceId));
      await tx.delete(aiEntities).where(eq(aiEntities.deviceId, deviceId));
      await tx.delete(aiSettings).where(eq(aiSettings.deviceId, deviceId));

      const categoryIds = new Map<number, number>();
      for (const c of parentsFirst(bundle.categories)) {
        const [row] = await tx
          .insert(aiCategories)
          .values({
            deviceId,
            name: c.name,
            parentId: c.parentId === null ? null : categoryIds.get(c.parentId)!,
            createdAt: at,
          })
          .returning({ id: aiCategories.id });
        categoryIds.set(c.id, row!.id);
      }
      const topicIds = new Map<number, number>();
      for (const t of parentsFirst(bundle.topics)) {
        const [row] = await tx
          .insert(aiTopics)
          .values({
            deviceId,
            categoryId: categoryIds.get(t.categoryId)!,
            parentId: t.parentId === null ? null : topicIds.get(t.parentId)!,
            name: t.name,
            remarks: t.remarks,
            isActivated: t.isActivated,
            isEnabledRelatedIntents: t.isEnabledRelatedIntents,
            avatarMotion: t.avatarMotion,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: aiTopics.id });
        topicIds.set(t.id, row!.id);
      }
      // Batches keep each statement well under the bind-parameter limit.
      for (let i = 0; i < bundle.keywords.length; i += 1000) {
        await tx
          .insert(aiKeywords)
          .values(
            bundle.keywords
              .slice(i, i + 1000)
              .map((k) => ({ ...k, topicId: topicIds.get(k.topicId)!, deviceId, createdAt: at })),
          );
      }
      for (let i = 0; i < bundle.responses.length; i += 500) {
        await tx.insert(aiResponses).values(
          bundle.responses.slice(i, i + 500).map((r) => ({
            ...r,
            topicId: topicIds.get(r.topicId)!,
            deviceId,
            createdAt: at,
            updatedAt: at,
          })),
        );
      }
      if (bundle.entities.length > 0) {
        await tx
          .insert(aiEntities)
          .values(bundle.entities.map((e) => ({ ...e, deviceId, createdAt: at, updatedAt: at })));
      }
      if (bundle.settings) {
        await tx.insert(aiSettings).values({ deviceId, ...bundle.settings, updatedAt: at });
      }
    },

    async insertTransfer(tx: Db, values: typeof aiTransfers.$inferInsert) {
      const [row] = await tx.insert(aiTransfers).values(values).returning();
      return row!;
    },

    async transfer(projectId: number, id: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(aiTransfers)
        .where(and(eq(aiTransfers.projectId, projectId), eq(aiTransfers.id, id)))
        .for('update');
      return row;
    },

    /** The newest transfer into a device that has not been undone. */
    async latestInto(tx: Db, deviceId: number) {
      const [row] = await tx
        .select({ id: aiTransfers.id })
        .from(aiTransfers)
        .where(and(eq(aiTransfers.destDeviceId, deviceId), isNull(aiTransfers.restoredAt)))
        .orderBy(desc(aiTransfers.createdAt), desc(aiTransfers.id))
        .limit(1);
      return row;
    },

    async markRestored(tx: Db, id: number, at: Date) {
      const [row] = await tx
        .update(aiTransfers)
        .set({ restoredAt: at })
        .where(eq(aiTransfers.id, id))
        .returning();
      return row!;
    },

    /**
     * Transfers of the project, newest first, snapshots left out: those into or out of a device,
     * or the one with an id.
     */
    async list(projectId: number, only: { deviceId?: number | undefined; id?: number } = {}) {
      const { deviceId, id } = only;
      return db
        .select({
          id: aiTransfers.id,
          sourceDeviceId: aiTransfers.sourceDeviceId,
          sourceDescription: aiTransfers.sourceDescription,
          destDeviceId: aiTransfers.destDeviceId,
          destDescription: devices.description,
          createdBy: aiTransfers.createdBy,
          createdAt: aiTransfers.createdAt,
          expiresAt: aiTransfers.expiresAt,
          restoredAt: aiTransfers.restoredAt,
        })
        .from(aiTransfers)
        .innerJoin(devices, eq(devices.id, aiTransfers.destDeviceId))
        .where(
          and(
            eq(aiTransfers.projectId, projectId),
            deviceId === undefined
              ? undefined
              : or(eq(aiTransfers.destDeviceId, deviceId), eq(aiTransfers.sourceDeviceId, deviceId)),
            id === undefined ? undefined : eq(aiTransfers.id, id),
          ),
        )
        .orderBy(desc(aiTransfers.createdAt), desc(aiTransfers.id))
        .limit(50);
    },

    /** Drops snapshots that can no longer be restored (they can be large). */
    async pruneExpired(now: Date) {
      const rows = await db
        .delete(aiTransfers)
        .where(lt(aiTransfers.expiresAt, now))
        .returning({ id: aiTransfers.id });
      return rows.length;
    },

    /** Serialises transfers into (and undos of) one device. */
    async lockDevice(tx: Db, deviceId: number) {
      await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).for('update');
    },
  };
}

export type TransferRepo = ReturnType<typeof createTransferRepo>;

/** The responses a transfer can restore keep their images until the transfer is pruned. */
export const transferMediaReferences: MediaReferenceSource = {
  name: 'transfer snapshots',
  texts: sql`select snapshot::text from ai_transfers where snapshot::text like '%/media/%'`,
};
