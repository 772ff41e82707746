import { ZChatChange, ZChatMessage, type ChatChange, type ChatMessage } from '@ambassador/contracts';
import { z } from 'zod';

/** LIVE_EVENT.chatMessage payload: a message arrived or was sent, or a chat opened (message null). */
const ZChatLiveEvent = z.object({
  project_id: z.coerce.number().int().optional(),
  device_id: z.coerce.number().int(),
  device_name: z.string().optional(),
  session_id: z.string().min(1),
  change: ZChatChange.optional(),
  message: ZChatMessage.nullable().optional(),
  unread: z.number().int().optional(),
});
export type ChatLiveEvent = {
  project_id: number | undefined;
  device_id: number;
  device_name: string | undefined;
  session_id: string;
  /** What changed; undefined from a server that does not say. */
  change: ChatChange | undefined;
  message: ChatMessage | null;
  unread: number | undefined;
};

/** The event's fields, or null for a malformed one (logged, never thrown at the screen). */
export function parseChatLiveEvent(event: unknown): ChatLiveEvent | null {
  const parsed = ZChatLiveEvent.safeParse(event);
  if (!parsed.success) {
    console.info('[chat] malformed chat_message event ignored', event);
    return null;
  }
  const { project_id, device_id, device_name, session_id, change, message, unread } = parsed.data;
  return { project_id, device_id, device_name, session_id, change, message: message ?? null, unread };
}

/** A visitor opened a chat or wrote in one: something an operator should be told of. */
export function isVisitorActivity(event: ChatLiveEvent): boolean {
  if (event.change === 'started') return true;
  return event.message !== null && !event.message.sent_by_admin;
}
