import { ZChatMessage, type ChatMessage } from '@ambassador/contracts';
import { z } from 'zod';

/** LIVE_EVENT.chatMessage payload: a message arrived or was sent, or a chat opened (message null). */
const ZChatLiveEvent = z.object({
  project_id: z.coerce.number().int().optional(),
  device_id: z.coerce.number().int(),
  session_id: z.string().min(1),
  message: ZChatMessage.nullable().optional(),
  unread: z.number().int().optional(),
});
export type ChatLiveEvent = {
  project_id: number | undefined;
  device_id: number;
  session_id: string;
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
  const { project_id, device_id, session_id, message, unread } = parsed.data;
  return { project_id, device_id, session_id, message: message ?? null, unread };
}
