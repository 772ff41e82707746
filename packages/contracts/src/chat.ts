import { z } from 'zod';
import { rule } from './rules.js';
import { ZLanguage } from './access-schemas.js';
import { ZId, ZIdNumber, ZPaging } from './common.js';
import { CHAT_MESSAGE_MAX, CHAT_MOBILE_MAX, CHAT_MOBILE_PATTERN, CHAT_NAME_MAX } from './names.js';
import { CHAT_RATING_MAX } from './names.js';

/**
 * Live chat between operators (the Live Chat page) and kiosk visitors.
 * A visitor asks for staff at a kiosk; that opens a chat session of the device. Messages are plain
 * text: they are stored and shown as typed, never interpreted as markup.
 */
export { CHAT_MESSAGE_MAX, CHAT_MOBILE_MAX, CHAT_MOBILE_PATTERN, CHAT_NAME_MAX } from './names.js';
export { CHAT_RATING_MAX } from './names.js';
export const ZChatText = z
  .string()
  .trim()
  .min(1, rule('text_empty'))
  .max(CHAT_MESSAGE_MAX, rule('maximum_characters', { max: CHAT_MESSAGE_MAX }));
/** A client-made id per message, so a retried send is stored once. */
export const ZClientMessageId = z.string().trim().min(8).max(100);

export const ZChatSessionId = z.uuid({ error: rule('unknown_chat') });
export const ZChatSessionParams = z.object({ session_id: ZChatSessionId });

/** A chat in the operators' list: the visitor, their last message, unread count and state. */
export const ZChatEndUser = z.object({
  session_id: z.uuid(),
  device_id: z.number().int(),
  device_name: z.string(),
  name: z.string(),
  mobile: z.string(),
  tags: z.array(z.string()),
  language: ZLanguage,
  /** Visitor messages the operators have not read yet. */
  unread: z.number().int(),
  last_message: z.string().nullable(),
  last_message_at: z.string().nullable(),
  created_at: z.string(),
  /** Set when the visitor left (the kiosk ended the chat or its session timed out). */
  ended_at: z.string().nullable(),
  /** The operator the chat is assigned to; null while unassigned. */
  assignee: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** The visitor's satisfaction after the chat ended, 1–5; null while not answered. */
  rating: z.number().int().nullable(),
});
export type ChatEndUser = z.infer<typeof ZChatEndUser>;

/** A tag on a chat: what the operators file it under (a directory unit's name, a topic…). */
export const CHAT_TAG_MAX = 30;
export const ZChatTag = z
  .string()
  .trim()
  .min(1, rule('text_empty'))
  .max(CHAT_TAG_MAX, rule('maximum_characters', { max: CHAT_TAG_MAX }));

export const CHAT_ASSIGNED_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type ChatAssignedFilter = (typeof CHAT_ASSIGNED_FILTERS)[number];
/** PUT /chat/endusers/{session_id}/assignee: take (own id), give to another operator, or unassign (null). */
export const ZAssignChatRequest = z.object({ user_id: ZIdNumber.nullable() });
export type AssignChatRequest = z.input<typeof ZAssignChatRequest>;

/** An operator a chat can be assigned to: a user of the project who may open Live Chat. */
export const ZChatOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Available or Away on Live Chat, as they set it. */
  available: z.boolean(),
});
export type ChatOperator = z.infer<typeof ZChatOperator>;
/** GET /chat/operators: the project's operators who may use Live Chat, by username. */
export const ZChatOperatorsResponse = z.array(ZChatOperator);

/** GET and PUT /chat/availability: the signed-in operator is Available or Away on Live Chat. */
export const ZChatAvailability = z.object({ available: z.boolean() });
export type ChatAvailability = z.infer<typeof ZChatAvailability>;
/**
 * The `chat:staff` socket message to the project's kiosks, and `staff_available` of a device's
 * chat: whether any operator of the project is Available (none: the visitor reads staff are away).
 */
export const ZChatStaffMessage = z.object({ available: z.boolean() });
export type ChatStaffMessage = z.infer<typeof ZChatStaffMessage>;

/** GET /chat/endusers: the selected device's chats, newest activity first. */
export const ZChatEndUsersQuery = ZPaging.extend({
  device_id: ZId,
  search: z.string().trim().max(100).default(''),
  /** mine: assigned to the caller; unassigned: to nobody. */
  assigned: z.enum(CHAT_ASSIGNED_FILTERS).default('all'),
  /** Only the chats with this tag (in any case); absent: every tag. */
  tag: ZChatTag.optional(),
});
export type ChatEndUsersQuery = z.input<typeof ZChatEndUsersQuery>;
export const ZChatEndUsersResponse = z.array(ZChatEndUser);

/** GET /chat/tags: the tags in use on the device's chats (the list's label filter), by name. */
export const ZChatTagsQuery = z.object({ device_id: ZId });
export const ZChatTagsResponse = z.array(z.string());

/** PUT /chat/endusers/{session_id}: operators correct a visitor's name, mobile and tags. */
export const ZUpdateChatEndUserRequest = z.object({
  name: z
    .string()
    .trim()
    .max(CHAT_NAME_MAX, rule('maximum_characters', { max: CHAT_NAME_MAX }))
    .optional(),
  mobile: z
    .string()
    .trim()
    .max(CHAT_MOBILE_MAX, rule('maximum_characters', { max: CHAT_MOBILE_MAX }))
    .regex(CHAT_MOBILE_PATTERN, rule('mobile_charset'))
    .optional(),
  tags: z.array(ZChatTag).max(10).optional(),
});
export type UpdateChatEndUserRequest = z.input<typeof ZUpdateChatEndUserRequest>;

/** One chat message, from the visitor or an operator. */
export const ZChatMessage = z.object({
  id: z.number().int(),
  session_id: z.uuid(),
  sent_by_admin: z.boolean(),
  /** The operator's username when sent by an admin. */
  sender: z.string().nullable(),
  message: z.string(),
  datetime: z.string(),
  client_id: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;
/** GET /chat/history/{session_id}: oldest first; reading it marks the visitor's messages read. */
export const ZChatHistoryResponse = z.array(ZChatMessage);

/** POST /chat/send. */
export const ZChatSendRequest = z.object({
  session_id: ZChatSessionId,
  message: ZChatText,
  client_id: ZClientMessageId.optional(),
});
export type ChatSendRequest = z.input<typeof ZChatSendRequest>;

// --- Device side (/device_api/v1/chats) ---------------------------------------------------------

/** POST /chats: the visitor asks for a staff member. */
export const ZStartChatRequest = z.object({
  language: ZLanguage,
  name: z
    .string()
    .trim()
    .max(CHAT_NAME_MAX, rule('maximum_characters', { max: CHAT_NAME_MAX }))
    .default(''),
  mobile: z
    .string()
    .trim()
    .max(CHAT_MOBILE_MAX, rule('maximum_characters', { max: CHAT_MOBILE_MAX }))
    .regex(CHAT_MOBILE_PATTERN, rule('mobile_charset'))
    .default(''),
  /** The Q&A session the visitor came from, if any. */
  visitor_session_id: z.uuid().optional(),
  /** The directory unit whose staff the visitor asked for: the chat is tagged with it. */
  directory_unit_id: ZIdNumber.optional(),
});
export type StartChatRequest = z.input<typeof ZStartChatRequest>;
export const ZDeviceChat = z.object({
  session_id: z.uuid(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  /** The visitor's satisfaction answer once given (1–5), else null. */
  rating: z.number().int().nullable(),
  /** Whether any operator of the project is Available now; false: staff are away (leave a message). */
  staff_available: z.boolean(),
  messages: z.array(ZChatMessage),
});
export type DeviceChat = z.infer<typeof ZDeviceChat>;

/** How satisfied the visitor was, asked once the chat ended: 1 (not at all) to CHAT_RATING_MAX (very). */
/** POST /chats/{session_id}/rating: one answer per chat (a second is a 409 `chat_rated`). */
export const ZChatRatingRequest = z.object({
  rating: z
    .number()
    .int()
    .min(1, rule('minimum', { min: 1 }))
    .max(CHAT_RATING_MAX, rule('maximum', { max: CHAT_RATING_MAX })),
});
export type ChatRatingRequest = z.input<typeof ZChatRatingRequest>;
/** The `chat:ended` socket message to the kiosk: an operator ended the visitor's chat. */
export const ZChatEndedMessage = z.object({ session_id: z.uuid(), ended_at: z.string() });
export type ChatEndedMessage = z.infer<typeof ZChatEndedMessage>;
/** POST /chats/{session_id}/messages. */
export const ZDeviceChatSendRequest = z.object({ message: ZChatText, client_id: ZClientMessageId });
export type DeviceChatSendRequest = z.input<typeof ZDeviceChatSendRequest>;

/** What changed in a chat: a visitor opened it, a message came, operators read it, it was edited or ended. */
export const CHAT_CHANGES = ['started', 'message', 'read', 'updated', 'ended'] as const;
export const ZChatChange = z.enum(CHAT_CHANGES);
export type ChatChange = z.infer<typeof ZChatChange>;

/**
 * The `chat_message` live event to the project's consoles whose users may open Live Chat: a chat
 * of any of the project's devices changed.
 */
export const ZChatEvent = z.object({
  name: z.literal('chat_message'),
  project_id: z.number().int(),
  device_id: z.number().int(),
  /** The device's name, for a notice on a console where another device is selected. */
  device_name: z.string(),
  session_id: z.uuid(),
  change: ZChatChange,
  /** The new message, or null when only the chat itself changed (started, read, updated, ended). */
  message: ZChatMessage.nullable(),
  unread: z.number().int(),
});
export type ChatEvent = z.infer<typeof ZChatEvent>;

/**
 * GET /chat/waiting: per device of the project (in use) with chats waiting for staff, how many.
 * A chat waits while it is open and no operator has seen it yet, or it has unread visitor messages.
 */
export const ZChatWaitingDevice = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  /** Open chats waiting for staff on this device. */
  chats: z.number().int(),
  /** Unread visitor messages in them. */
  unread: z.number().int(),
  /** The waiting chat with the newest activity: where "Open" takes the operator. */
  latest_session_id: z.uuid(),
});
export type ChatWaitingDevice = z.infer<typeof ZChatWaitingDevice>;
export const ZChatWaitingResponse = z.array(ZChatWaitingDevice);

// --- Saved (canned) replies ---------------------------------------------------------------------

/** A saved reply's code: what the operator types after "/" in the reply box. */
export const CANNED_CODE_PATTERN = /^[\p{L}\p{N}_-]+$/u;
export const CANNED_CODE_MAX = 30;
export const ZCannedCode = z
  .string()
  .trim()
  .min(1, rule('text_empty'))
  .max(CANNED_CODE_MAX, rule('maximum_characters', { max: CANNED_CODE_MAX }))
  .regex(CANNED_CODE_PATTERN, rule('canned_code_format'));
/** Its text per visitor language; at least one. */
export const ZCannedTexts = z
  .partialRecord(
    ZLanguage,
    z
      .string()
      .trim()
      .max(CHAT_MESSAGE_MAX, rule('maximum_characters', { max: CHAT_MESSAGE_MAX })),
  )
  .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text)))
  .refine((texts) => Object.keys(texts).length > 0, rule('canned_text_required'));
export const ZCannedReply = z.object({
  id: z.number().int(),
  code: z.string(),
  texts: z.partialRecord(ZLanguage, z.string()),
  updated_at: z.string(),
});
export type CannedReply = z.infer<typeof ZCannedReply>;
/** GET /chat/canned_replies: the project's saved replies, by code. */
export const ZCannedRepliesResponse = z.array(ZCannedReply);
/** POST /chat/canned_replies, PUT /chat/canned_replies/{id}. */
export const ZCannedReplyRequest = z.object({ code: ZCannedCode, texts: ZCannedTexts });
export type CannedReplyRequest = z.input<typeof ZCannedReplyRequest>;
export const ZCannedReplyParams = z.object({ id: ZId });
