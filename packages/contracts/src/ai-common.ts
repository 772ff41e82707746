import { z } from 'zod';
import { ZId } from './common.js';

/**
 * Every AI call names the device it works on; the guard checks it is the caller's project's.
 * The device reference the AI contracts (ai-*.ts) extend.
 */
export const ZDeviceRef = z.object({ device_id: ZId });
/** A call about one device and nothing else. */
export const ZDeviceQuery = ZDeviceRef;

// ---------------------------------------------------------------- uploads

// Image, video and upload-result contracts shared by every area live in media.ts.
export const ZUploadQuery = ZDeviceRef;
