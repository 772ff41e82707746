import { z } from 'zod';

/** Every response body: `{success, message, data, total?, error?}`. */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    data,
    total: z.number().int().optional(),
    error: z.string().optional(),
  });

export type Envelope<T> = {
  success: boolean;
  message: string;
  data: T;
  total?: number;
  error?: string;
};

/** Query strings arrive as text; ids and paging are coerced, then bounded. */
export const ZId = z.coerce.number().int().positive();

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const ZPaging = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Optional device scope: every GET from the console carries the selected device. */
export const ZDeviceScope = z.object({ device_id: ZId.optional() });

export const ZSortOrder = z.enum(['asc', 'desc']);
