import { z } from 'zod';
import { ADMIN_PANEL_PROJECT } from './realtime.js';

// The handshake's schemas, apart from realtime.ts: the console's live socket reads that module's
// names as every screen opens, and only the server checks these.
export const ZAdminHandshake = z.object({
  token: z.string().min(1),
  project_id: z.coerce.number().int().positive(),
  client_id: z.string().min(1).max(100),
  username: z.string().max(100).default(''),
});
export type AdminHandshake = z.input<typeof ZAdminHandshake>;
export const ZDeviceHandshake = z.object({ device_key: z.string().min(1).max(200) });
export type DeviceHandshake = z.input<typeof ZDeviceHandshake>;

/** Console → server after connecting; acknowledged with `{ok: true}` or `{ok:false}`. */
export const ZSubscribeMessage = z.object({
  project: z.literal(ADMIN_PANEL_PROJECT),
  client_id: z.string().min(1).max(100),
  username: z.string().max(100),
});
export type SubscribeMessage = z.infer<typeof ZSubscribeMessage>;
