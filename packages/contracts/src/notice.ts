import { z } from 'zod';

/** Example area (issue 37): a one-line notice a kiosk shows. */
export const ZKioskNotice = z.object({ text: z.string() });
export type KioskNotice = z.infer<typeof ZKioskNotice>;
export const ZNoticeQuery = z.object({ device_id: z.coerce.number().int().positive() });
export const ZSetNotice = z.object({
  device_id: z.number().int().positive(),
  text: z.string().trim().min(1).max(200),
});
