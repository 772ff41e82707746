import { type BulkResult, type UndoTicket, type ZTopicsBulkRequest } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import type { AuthContext } from '../../auth/index.js';
import { undoableDelete, type UndoLog } from '../../undo/index.js';
import { AI_PAGE } from '../access.js';
import type { AiChangeListener } from '../changes.js';
import { imageIds, type DeleteImage } from '../../../lib/row-images.js';
import { topicsBulkRepo as repo } from './bulk-repo.js';
import type { TopicsRepo } from './repo.js';

type Actor = Pick<AuthContext, 'projectId' | 'username'>;
type Request = z.output<typeof ZTopicsBulkRequest>;
/** A change of some fields of some topics, as they were: what undoing it sets back. */
type FieldsImage = { deviceId: number; columns: string[]; rows: Record<string, unknown>[] };

const FIELDS: Record<'activate' | 'deactivate' | 'move', string[]> = {
  activate: ['is_activated', 'updated_at'],
  deactivate: ['is_activated', 'updated_at'],
  move: ['category_id', 'updated_at'],
};

/**
 * Bulk actions on a device's topics (picked, or all matching the list's filter) and the delete of
 * one: each in one transaction with its before-image, so one undo puts all of it back.
 */
export function createTopicsBulk({
  db,
  clock,
  listener,
  undo,
  topics,
}: {
  db: Db;
  clock: Clock;
  listener: AiChangeListener;
  undo: UndoLog;
  topics: Pick<TopicsRepo, 'category' | 'keywordsToDelete'>;
}) {
  const deleted = undo.register<DeleteImage & { deviceId: number }>('topics.delete', {
    page: AI_PAGE.access.page,
    restore: (tx, image) => repo.restore(tx, image),
    restored: (image) => listener.changed(image.deviceId, imageIds(image.rows)),
  });
  const changed = undo.register<FieldsImage>('topics.update', {
    page: AI_PAGE.access.page,
    restore: async (tx, image) => {
      await repo.setFieldsBack(tx, image.columns, image.rows);
    },
    restored: (image) => listener.changed(image.deviceId, imageIds(image.rows)),
  });

  /** Deletes the topics and their sub-topics, keeping what the undo needs. */
  async function remove(tx: Db, actor: Actor, deviceId: number, ids: number[], label?: string) {
    const all = await repo.withSubTopics(tx, deviceId, ids);
    const image = await repo.remove(tx, all);
    const ticket = await deleted.record(tx, {
      actor,
      deviceId,
      count: all.length,
      ...(label !== undefined && { label }),
      before: { ...image, deviceId },
    });
    return { ids: all, ticket };
  }

  // A keyword or phrase deleted from a topic's page comes back with its id (its vector is keyed by text).
  const keywordDeletes = undoableDelete<never>({
    undo,
    kind: 'keywords.delete',
    page: AI_PAGE.access.page,
    spec: { table: 'ai_keywords', children: [], links: [] },
    transaction: (_deviceId, work) => db.transaction(work),
    select: topics.keywordsToDelete,
    changed: (deviceId) => listener.changed(deviceId),
    nothing: 'Keyword not found.',
  });

  return {
    deleteKeyword: keywordDeletes.removeOne,

    async run(actor: Actor, request: Request): Promise<BulkResult> {
      const deviceId = request.device_id;
      const { selection } = request;
      if (request.action === 'move') {
        if (!(await topics.category(deviceId, request.category_id!))) throw notFound('Category not found.');
      }
      const outcome = await db.transaction(async (tx) => {
        const picked = await repo.picked(tx, deviceId, selection);
        const ids = picked.map((p) => p.id);
        if (request.action === 'delete') {
          const label = picked.length === 1 ? picked[0]!.name : undefined;
          const { ids: gone, ticket } = await remove(tx, actor, deviceId, ids, label);
          return { ids: gone, ticket, skipped: 0 };
        }
        const now = clock.now();
        let touched = ids;
        if (request.action === 'move') {
          // A sub-topic takes its category from its parent: the selected parents move with all
          // their sub-topics, and a sub-topic picked without its parent stays.
          touched = await repo.withSubTopics(
            tx,
            deviceId,
            picked.filter((p) => p.parentId === null).map((p) => p.id),
          );
        }
        const columns = FIELDS[request.action];
        const rows = await repo.fieldsImage(tx, touched, columns);
        if (request.action === 'move')
          await repo.setCategory(tx, deviceId, touched, request.category_id!, now);
        else await repo.setActive(tx, deviceId, touched, request.action === 'activate', now);
        const skipped = ids.filter((id) => !touched.includes(id)).length;
        if (touched.length === 0) return { ids: touched, ticket: null, skipped };
        const ticket = await changed.record(tx, {
          actor,
          deviceId,
          count: touched.length,
          ...(picked.length === 1 && { label: picked[0]!.name }),
          before: { deviceId, columns, rows },
        });
        return { ids: touched, ticket, skipped };
      });
      if (outcome.ids.length > 0) listener.changed(deviceId, outcome.ids);
      return { count: outcome.ids.length, skipped: outcome.skipped, undo: outcome.ticket };
    },

    /** One topic and its sub-topics, as the row's delete button does; undoable as a bulk delete is. */
    async deleteOne(actor: Actor, deviceId: number, id: number): Promise<UndoTicket> {
      const { ids, ticket } = await db.transaction(async (tx) => {
        const [topic] = await repo.select(tx, deviceId, { ids: [id] }, 1);
        if (!topic) throw notFound('Question topic not found.');
        return remove(tx, actor, deviceId, [id], topic.name);
      });
      listener.changed(deviceId, ids);
      return ticket;
    },
  };
}
export type TopicsBulk = ReturnType<typeof createTopicsBulk>;
