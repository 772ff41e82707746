import type { ChatEndUser, ChatMessage } from '@ambassador/contracts';

/** Test support only: a chat as GET /chat/endusers lists it. */
export function aChat(sessionId: string, patch: Partial<ChatEndUser> = {}): ChatEndUser {
  return {
    session_id: sessionId,
    device_id: 7,
    device_name: 'Lobby',
    name: '',
    mobile: '',
    tags: [],
    language: 'english',
    unread: 0,
    last_message: null,
    last_message_at: null,
    created_at: '2025-03-04T01:00:00Z',
    ended_at: null,
    assignee: null,
    rating: null,
    ...patch,
  };
}

let nextId = 100;

/** A message of a chat's history. */
export function aMessage(sessionId: string, text: string, patch: Partial<ChatMessage> = {}): ChatMessage {
  const id = nextId++;
  return {
    id,
    session_id: sessionId,
    sent_by_admin: false,
    sender: null,
    message: text,
    datetime: '2025-03-04T02:00:00Z',
    client_id: `device-${id}`,
    ...patch,
  };
}
