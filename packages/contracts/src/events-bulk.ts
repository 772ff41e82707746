import { z } from 'zod';
import { ZId } from './common.js';
import { ZBulkSelection } from './undo.js';

/** Bulk delete of a device's events or quizzes: picked ones, or all of them (the lists have no filter). */
const ZEventManagerBulkRequest = z.object({
  device_id: ZId,
  action: z.enum(['delete']),
  selection: ZBulkSelection(z.object({})),
});
export const ZEventsBulkRequest = ZEventManagerBulkRequest;
export type EventsBulkRequest = z.input<typeof ZEventsBulkRequest>;
export const ZQuizzesBulkRequest = ZEventManagerBulkRequest;
export type QuizzesBulkRequest = z.input<typeof ZQuizzesBulkRequest>;
