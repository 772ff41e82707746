import { z } from 'zod';
import { ZId, ZIdNumber } from './common.js';
import { rule } from './rules.js';

// ---------------------------------------------------------------- undo of deletes and bulk changes

/** How long a delete or a bulk change can be put back (the snackbar offers it for seconds). */
export const UNDO_HOURS = 24;
/** The most rows one bulk action takes, whether picked one by one or as "all matching". */
export const BULK_MAX = 10_000;

/** What a delete or bulk change answers with: the ticket that undoes it. */
export const ZUndoTicket = z.object({
  id: z.number().int(),
  count: z.number().int().describe('Records the change touched'),
  expires_at: z.string().describe('Until when it can be undone (ISO 8601)'),
});
export type UndoTicket = z.infer<typeof ZUndoTicket>;

export const ZUndoRequest = z.object({ id: ZId });
export const ZUndoResult = z.object({
  id: z.number().int(),
  kind: z.string(),
  count: z.number().int().describe('Records put back as they were'),
});
export type UndoResult = z.infer<typeof ZUndoResult>;

/** The rows a bulk action takes: picked by id, or every row matching the list's filter. */
export const ZBulkSelection = <F extends z.ZodType>(filter: F) =>
  z.union([
    z.object({
      ids: z
        .array(ZIdNumber)
        .min(1, rule('too_few_items', { min: 1 }))
        .max(BULK_MAX, rule('too_many_items', { max: BULK_MAX })),
    }),
    z.object({ all: z.literal(true), filter }),
  ]);

/** What every bulk action answers: how many rows changed, and its undo (none for an export). */
export const ZBulkResult = z.object({
  count: z.number().int().describe('Records changed'),
  skipped: z
    .number()
    .int()
    .describe('Selected records the action leaves as they are (a sub-topic moves with its parent only)'),
  undo: ZUndoTicket.nullable(),
});
export type BulkResult = z.infer<typeof ZBulkResult>;
