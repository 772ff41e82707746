import { z } from 'zod';
import { ERROR_CODES } from './errors.js';
import { RULE_KEYS, rule, type RuleKey } from './rules.js';

/** A failed rule as a 400 `validation_error` lists it in `issues` (see rules.ts). */
export const ZValidationIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  key: z.enum(RULE_KEYS as [RuleKey, ...RuleKey[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** A success body as routes declare it: the data's own contract inside the envelope. */
export const ZOk = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data,
    total: z.number().int().optional().describe('Rows in the whole list, for paging'),
  });

/** A success that carries no data (deletes, logout). */
export const ZOkEmpty = ZOk(z.null());

/** Every refusal and failure: `error` is a machine-readable code, `message` is for people. */
export const ZFailure = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  error: z.enum(ERROR_CODES).describe('What went wrong, for a client to act on'),
  issues: z.array(ZValidationIssue).optional().describe('With validation_error: each rule that failed'),
});

/** Ids are PostgreSQL `integer`s: 1 … 2³¹−1. A larger one is refused, not sent to the database. */
export const MAX_ID = 2_147_483_647;
const ID_MESSAGE = rule('invalid_id', { max: MAX_ID });
/** An id sent as a JSON number. */
export const ZIdNumber = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(MAX_ID, ID_MESSAGE);
/**
 * An id as a JSON number or, from a query string or path, as digits. Never a boolean, an exponent,
 * a fraction or a sign: `true` is not id 1 and `1e308` is not an id at all.
 */
export const ZId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/)], { error: ID_MESSAGE })
  .transform(Number)
  .pipe(ZIdNumber);

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const ZPaging = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(MAX_ID).default(0),
});

/** Optional device scope: every GET from the console carries the selected device. */
export const ZDeviceScope = z.object({ device_id: ZId.optional() });

export const ZSortOrder = z.enum(['asc', 'desc']);
