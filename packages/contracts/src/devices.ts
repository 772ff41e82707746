import { z } from 'zod';
import { ZId } from './common.js';

export const DEVICE_KINDS = ['ambassador', 'chatbot'] as const;
export const ZDeviceKind = z.enum(DEVICE_KINDS);
export type DeviceKind = z.infer<typeof ZDeviceKind>;

export const ZDevice = z.object({
  id: z.number().int(),
  description: z.string(),
  kind: ZDeviceKind,
});
export type Device = z.infer<typeof ZDevice>;

export const ZDevicesQuery = z.object({ project_id: ZId });
export const ZDevicesResponse = z.array(ZDevice);
