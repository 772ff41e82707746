import { z } from 'zod';
import { ZId } from './common.js';
import { ZDeviceRef } from './ai-common.js';

// ---------------------------------------------------------------- transfer (copy device)

export const ZCopyDeviceRequest = z.object({ source_id: ZId, dest_id: ZId });
export type CopyDeviceRequest = z.input<typeof ZCopyDeviceRequest>;
/** How long the destination's previous AI data can be restored. */
export const TRANSFER_UNDO_HOURS = 72;
export const ZTransfer = z.object({
  id: z.number().int(),
  source_id: z.number().int().nullable(),
  source_description: z.string(),
  dest_id: z.number().int(),
  dest_description: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  restored_at: z.string().nullable(),
  created_by: z.string(),
});
export type Transfer = z.infer<typeof ZTransfer>;
export const ZTransfersQuery = ZDeviceRef.partial();
export const ZTransfersResponse = z.array(ZTransfer);
export const ZUndoTransferRequest = z.object({ id: ZId });

// ---------------------------------------------------------------- matcher status

/**
 * Whether the device's matcher has learnt every change: `training` while it rebuilds (the previous
 * model answers meanwhile), `ready` once it has. Per server instance.
 */
export const ZEmbedderStatus = z.object({
  provider: z
    .enum(['local', 'http', 'none'])
    .describe('local: the packaged model on this server; http: an embeddings endpoint; none: lexical only'),
  model: z.string().nullable().describe('The sentence model; null with none'),
  state: z
    .enum(['ready', 'starting', 'down', 'off'])
    .describe('down: not answering, so answers are lexical until it is back; off: provider none'),
  detail: z.string().nullable().describe('Why it is down or off'),
});
export type EmbedderStatus = z.infer<typeof ZEmbedderStatus>;

export const ZMatcherStatus = z.object({
  device_id: z.number().int(),
  understanding: ZEmbedderStatus.describe('The sentence encoder questions are understood with'),
  dense: z.boolean().describe('Whether this device’s matcher holds sentence embeddings of its phrases'),
  state: z
    .enum(['training', 'ready'])
    .describe('training: learning changes, the previous model answers meanwhile; ready: up to date'),
  since: z.string().describe('When the state last changed (ISO 8601)'),
  topics: z
    .number()
    .int()
    .nullable()
    .describe('Topics the matcher answering now holds; null before its first build'),
  embedding: z
    .object({ done: z.number().int(), total: z.number().int() })
    .nullable()
    .describe(
      'Phrases with their meaning stored so far while the device’s phrases are embedded in the background ' +
        '(a large import, a new sentence model): it answers by words until done. Null when nothing is',
    ),
});
export type MatcherStatus = z.infer<typeof ZMatcherStatus>;
/** A transfer or its undo as done: the destination's matcher is learning its new topics. */
export const ZTransferDone = ZTransfer.extend({ matcher: ZMatcherStatus });
export type TransferDone = z.infer<typeof ZTransferDone>;
