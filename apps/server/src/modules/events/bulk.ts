import type { BulkResult, ZEventsBulkRequest, ZQuizzesBulkRequest } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../auth/index.js';
import { undoableDelete, type UndoLog } from '../undo/index.js';
import { EVENT_PAGE } from './access.js';
import type { EventRepo } from './event-repo.js';
import type { QuizRepo } from './quiz-repo.js';

type Actor = Pick<AuthContext, 'projectId' | 'username'>;
type Request = z.output<typeof ZEventsBulkRequest> | z.output<typeof ZQuizzesBulkRequest>;

const selectionOf = (request: Request) => ('ids' in request.selection ? { ids: request.selection.ids } : {});

/**
 * Deleting events or quizzes, one or many at once, with the undo that puts them back with their
 * ids: an event with its runs and their answers, a quiz with its questions and pages. In bulk, the
 * current event (kiosks play it) and a quiz an event's flows use stay, counted as `skipped`.
 */
export function createEventManagerBulk({
  db,
  events,
  quizzes,
  undo,
  announce,
}: {
  db: Db;
  events: EventRepo;
  quizzes: QuizRepo;
  undo: UndoLog;
  /** Tells the device's kiosks what they play now: a single delete may take the current event. */
  announce: (deviceId: number) => void;
}) {
  const transaction = <T>(_deviceId: number, work: (t: Db) => Promise<T>) => db.transaction(work);
  const eventDeletes = undoableDelete<object>({
    undo,
    kind: 'events.delete',
    page: EVENT_PAGE.access.page,
    spec: events.deleteSpec,
    transaction,
    select: events.select,
    changed: announce,
    nothing: 'This event is not on this device (it may have been deleted).',
  });
  const quizDeletes = undoableDelete<object>({
    undo,
    kind: 'quizzes.delete',
    page: EVENT_PAGE.access.page,
    spec: quizzes.deleteSpec,
    transaction,
    select: quizzes.select,
    changed: () => undefined,
    nothing: 'This quiz is not in this device’s quiz library (it may have been deleted).',
  });

  return {
    /** One event, the current one too (its kiosks stop offering it), as its row's delete does. */
    removeEvent: eventDeletes.removeOne,
    /** One quiz no event uses (the caller checks), as its row's delete does. */
    removeQuiz: quizDeletes.removeOne,
    events: (actor: Actor, request: Request): Promise<BulkResult> =>
      eventDeletes.removeSome(actor, request.device_id, selectionOf(request), (t, deviceId, ids) =>
        events.activeAmong(t, deviceId, ids),
      ),
    quizzes: (actor: Actor, request: Request): Promise<BulkResult> =>
      quizDeletes.removeSome(actor, request.device_id, selectionOf(request), async (t, deviceId, ids) => {
        const used = new Set((await quizzes.usage(deviceId, undefined, t)).map((u) => u.quizId));
        return ids.filter((id) => used.has(id));
      }),
  };
}
export type EventManagerBulk = ReturnType<typeof createEventManagerBulk>;
