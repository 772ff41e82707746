import { randomUUID } from 'node:crypto';
import {
  canOpen,
  effectivePageAccess,
  LIVE_EVENT,
  type ChatOperator,
  type RoleId,
  SOCKET,
  type ChatChange,
  type ChatEndUser,
  type ChatEvent,
  type ChatMessage,
  type ChatWaitingDevice,
  type DeviceChat,
  type Language,
  type ZChatEndUsersQuery,
  type ZChatSendRequest,
  type ZDeviceChatSendRequest,
  type ZStartChatRequest,
  type ZUpdateChatEndUserRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Notifier } from '../../realtime/types.js';
import type { AuthContext } from '../auth/index.js';
import type { DeviceContext } from '../devices/index.js';
import type { ChatMessageRow, ChatRepo, ChatSessionRow, NewChatMessage } from './repo.js';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export function toEndUser(r: ChatSessionRow): ChatEndUser {
  return {
    session_id: r.id,
    device_id: r.deviceId,
    device_name: r.deviceName,
    name: r.name,
    mobile: r.mobile,
    tags: r.tags,
    language: r.language as Language,
    unread: r.unread,
    last_message: r.lastMessage,
    last_message_at: isoOrNull(r.lastMessageAt),
    created_at: iso(r.createdAt),
    ended_at: isoOrNull(r.endedAt),
    assignee: r.assignedUserId === null ? null : { id: r.assignedUserId, username: r.assigneeName ?? '' },
    rating: r.rating,
  };
}

export function toMessage(r: ChatMessageRow): ChatMessage {
  return {
    id: r.id,
    session_id: r.sessionId,
    sent_by_admin: r.sentByAdmin,
    sender: r.sender,
    message: r.message,
    datetime: iso(r.at),
    client_id: r.clientId,
  };
}

/** The same tag twice (in any case) is kept once, as first written. */
function uniqueTags(tags: string[]) {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A chat whose visitor has written nothing for this long is ended by housekeeping. The kiosk
 * ends its own chat after 5 minutes without a touch or message; this catches the kiosks that
 * could not (crashed, lost power or network, reloaded), so their chats do not stay open, unread,
 * in the operators' list for ever. 30 minutes is far beyond any visitor still reading a reply.
 */
export const CHAT_IDLE_MS = 30 * 60_000;

const chatMissing = () => notFound('Chat not found.');
const deviceChatMissing = () => notFound('Unknown chat. Start a new one.');
const visitorLeft = () => conflict('This visitor has left the chat.', 'chat_ended');
const chatEnded = () => conflict('This chat has ended. Start a new one.', 'chat_ended');
const endedBefore = () => conflict('This chat has already ended.', 'chat_ended');
const ratedBefore = () => conflict('This chat has already been rated.', 'chat_rated');
const stillOpen = () => conflict('The chat can be rated once it has ended.', 'chat_open');

/**
 * Live chat between operators and kiosk visitors. A visitor
 * opens a chat from a kiosk; operators of the project see it at once, read it, and reply. Every
 * message reaches the other side over the realtime service; a send retried with the same client
 * id is stored and announced once. Messages are plain text, stored as typed (trimmed).
 */
export function createChatService({
  repo,
  notifier,
  clock,
  unitTag = async () => null,
}: {
  repo: ChatRepo;
  notifier: Notifier;
  clock: Clock;
  /** The tag of a device's directory unit for a chat in a language; null when not the device's. */
  unitTag?: (deviceId: number, unitId: number, language: string) => Promise<string | null>;
}) {
  /**
   * Tells the project's consoles that may open Live Chat that a chat changed (whatever device is
   * selected in them: their badge counts every device's waiting chats); `message` null when only
   * the chat itself did.
   */
  function announce(
    session: ChatSessionRow,
    change: ChatChange,
    message: ChatMessage | null,
    unread: number,
  ) {
    const event: ChatEvent = {
      name: LIVE_EVENT.chatMessage,
      project_id: session.projectId,
      device_id: session.deviceId,
      device_name: session.deviceName,
      session_id: session.id,
      change,
      message,
      unread,
    };
    notifier.toProject(session.projectId, event, '/chat');
  }

  /** A chat of the caller's project; another project's is "not found", never "forbidden". */
  async function mustSession(actor: AuthContext, sessionId: string) {
    const row = await repo.findInProject(actor.projectId, sessionId);
    if (!row) throw chatMissing();
    return row;
  }

  async function mustProjectDevice(actor: AuthContext, deviceId: number) {
    if (!(await repo.projectDevice(deviceId, actor.projectId))) {
      throw forbidden('This device is not in your project.');
    }
  }

  async function mustDeviceSession(device: DeviceContext, sessionId: string) {
    const row = await repo.findOnDevice(device.id, sessionId);
    if (!row) throw deviceChatMissing();
    return row;
  }

  /**
   * Stores a message once per client id. Nothing stored means the chat ended or the client id
   * was used before: a retry of the same side gets its stored message back (`repeat`), without a
   * second row or announcement.
   */
  async function store(session: ChatSessionRow, n: NewChatMessage, ended: () => Error) {
    const stored = await repo.insertMessage(n);
    if (stored) return { message: toMessage(stored.message), unread: stored.unread, repeat: false };
    if (n.clientId !== null) {
      const prior = await repo.byClientId(session.id, n.clientId);
      if (prior) {
        if (prior.sentByAdmin !== n.sentByAdmin) {
          throw conflict('This message id is already used in this chat.', 'client_id_used');
        }
        return { message: toMessage(prior), unread: session.unread, repeat: true };
      }
    }
    const open = await repo.isOpen(session.id);
    if (open === undefined) throw chatMissing();
    throw ended();
  }

  /** The project's users who may open Live Chat (only `userId`, when given): who can take a chat. */
  async function operators(projectId: number, userId?: number): Promise<ChatOperator[]> {
    const rows = await repo.projectUsers(projectId, userId);
    return rows
      .filter((u) => canOpen(effectivePageAccess(u.roleId as RoleId, u.pageAccess), '/chat'))
      .map((u) => ({ id: u.id, username: u.username, available: Boolean(u.available) }));
  }

  /** Whether any operator of the project is Available: else visitors read that staff are away. */
  async function staffAvailable(projectId: number) {
    return (await operators(projectId)).some((o) => o.available);
  }

  async function deviceChat(session: ChatSessionRow): Promise<DeviceChat> {
    return {
      staff_available: await staffAvailable(session.projectId),
      session_id: session.id,
      created_at: iso(session.createdAt),
      ended_at: isoOrNull(session.endedAt),
      rating: session.rating,
      messages: (await repo.messages(session.id)).map(toMessage),
    };
  }

  return {
    // ------------------------------------------------------------ console (/admin_panel/chat)

    async endUsers(actor: AuthContext, q: z.output<typeof ZChatEndUsersQuery>) {
      await mustProjectDevice(actor, q.device_id);
      const { rows, total } = await repo.list({
        deviceId: q.device_id,
        search: q.search,
        limit: q.limit,
        offset: q.offset,
        assignee: q.assigned === 'mine' ? actor.userId : q.assigned === 'unassigned' ? null : undefined,
        tag: q.tag,
      });
      return { endUsers: rows.map(toEndUser), total };
    },

    /** The tags in use on the device's chats: what the list can be filtered by. */
    async tags(actor: AuthContext, deviceId: number) {
      await mustProjectDevice(actor, deviceId);
      return repo.tags(deviceId);
    },

    endUser: async (actor: AuthContext, sessionId: string) => toEndUser(await mustSession(actor, sessionId)),

    /** Operators correct the visitor's name, mobile and tags; other consoles refresh the chat. */
    async updateEndUser(
      actor: AuthContext,
      sessionId: string,
      patch: z.output<typeof ZUpdateChatEndUserRequest>,
    ) {
      await mustSession(actor, sessionId);
      await repo.update(sessionId, {
        name: patch.name,
        mobile: patch.mobile,
        tags: patch.tags === undefined ? undefined : uniqueTags(patch.tags),
      });
      const updated = await mustSession(actor, sessionId);
      announce(updated, 'updated', null, updated.unread);
      return toEndUser(updated);
    },

    /** The operators a chat can be assigned to. */
    operators: (actor: AuthContext) => operators(actor.projectId),

    /** The signed-in operator's Available / Away (Available until they choose). */
    async availability(actor: AuthContext) {
      const [me] = await repo.projectUsers(actor.projectId, actor.userId);
      return { available: me ? Boolean(me.available) : true };
    },

    /**
     * The operator sets Available or Away. When that changes whether anyone of the project is
     * Available, the project's kiosks hear it (a visitor chatting reads staff are away, or back).
     */
    async setAvailability(actor: AuthContext, available: boolean) {
      const before = await staffAvailable(actor.projectId);
      await repo.setAvailable(actor.userId, available, clock.now());
      const after = await staffAvailable(actor.projectId);
      if (after !== before) {
        for (const deviceId of await repo.projectDeviceIds(actor.projectId)) {
          notifier.toDevice(deviceId, SOCKET.chatStaff, { available: after });
        }
      }
      return { available };
    },

    /** Assigns the chat to one of the project's operators (or nobody); other consoles refresh it. */
    async assign(actor: AuthContext, sessionId: string, userId: number | null) {
      await mustSession(actor, sessionId);
      if (userId !== null && (await operators(actor.projectId, userId)).length === 0) {
        throw badRequest('This user is not an operator of Live Chat in your project.', 'unknown_operator');
      }
      await repo.assign(sessionId, userId);
      const updated = await mustSession(actor, sessionId);
      announce(updated, 'updated', null, updated.unread);
      return toEndUser(updated);
    },

    /**
     * An operator ends the chat: the consoles show it ended and the kiosk tells the visitor, who
     * may then say how satisfied they were. A chat that had ended (the visitor left, it went
     * idle, another operator ended it) is a 409 `chat_ended`, and nothing changes.
     */
    async operatorEnd(actor: AuthContext, sessionId: string) {
      await mustSession(actor, sessionId);
      if (!(await repo.endOpen(sessionId, clock.now()))) throw endedBefore();
      const session = await mustSession(actor, sessionId);
      const endedAt = iso(session.endedAt!);
      notifier.toDevice(session.deviceId, SOCKET.chatEnded, { session_id: session.id, ended_at: endedAt });
      announce(session, 'ended', null, session.unread);
      return toEndUser(session);
    },

    /**
     * The chat's last messages, oldest first; the operators have now seen the chat and read the
     * visitor's messages, so it no longer waits in any console's badge.
     */
    async history(actor: AuthContext, sessionId: string) {
      const session = await mustSession(actor, sessionId);
      const messages = (await repo.messages(sessionId)).map(toMessage);
      if (await repo.markRead(sessionId, clock.now())) announce(session, 'read', null, 0);
      return messages;
    },

    /** Per device of the caller's project, the chats waiting for staff (devices with none left out). */
    async waiting(actor: AuthContext): Promise<ChatWaitingDevice[]> {
      const rows = await repo.waiting(actor.projectId);
      return rows.map((r) => ({
        device_id: r.deviceId,
        device_name: r.deviceName,
        chats: r.chats,
        unread: r.unread,
        latest_session_id: r.latest,
      }));
    },

    /** An operator's reply: to the kiosk, and to every console of the project. */
    async operatorSend(actor: AuthContext, input: z.output<typeof ZChatSendRequest>) {
      const session = await mustSession(actor, input.session_id);
      const result = await store(
        session,
        {
          sessionId: session.id,
          sentByAdmin: true,
          userId: actor.userId,
          sender: actor.username,
          message: input.message,
          clientId: input.client_id ?? null,
          at: clock.now(),
        },
        visitorLeft,
      );
      if (!result.repeat) {
        notifier.toDevice(session.deviceId, SOCKET.chatMessage, result.message);
        announce(session, 'message', result.message, result.unread);
      }
      return result.message;
    },

    // ------------------------------------------------------------ device (/device_api/v1/chats)

    /**
     * A visitor asks for staff. The chat links to the visitor's Q&A session only when that is
     * this device's own session; any other id is left out (the chat still opens: the link is
     * context, and a kiosk's stale session id must not keep a visitor from reaching a person).
     */
    async start(device: DeviceContext, input: z.output<typeof ZStartChatRequest>) {
      if (!device.languages.includes(input.language)) {
        throw badRequest(`This device does not offer ${input.language}.`, 'language_not_offered');
      }
      const linked =
        input.visitor_session_id !== undefined &&
        (await repo.ownVisitorSession(device.id, input.visitor_session_id));
      // Asked for from a directory unit: the operators see which one (a unit since deleted: no tag).
      const tag =
        input.directory_unit_id === undefined
          ? null
          : await unitTag(device.id, input.directory_unit_id, input.language);
      const id = randomUUID();
      await repo.start({
        id,
        deviceId: device.id,
        visitorSessionId: linked ? input.visitor_session_id! : null,
        language: input.language,
        name: input.name,
        mobile: input.mobile,
        tags: tag ? [tag] : [],
        at: clock.now(),
      });
      const session = await mustDeviceSession(device, id);
      announce(session, 'started', null, 0);
      return deviceChat(session);
    },

    chat: async (device: DeviceContext, sessionId: string) =>
      deviceChat(await mustDeviceSession(device, sessionId)),

    /** The visitor's message: unread for the operators until one of them opens the chat. */
    async visitorSend(
      device: DeviceContext,
      sessionId: string,
      input: z.output<typeof ZDeviceChatSendRequest>,
    ) {
      const session = await mustDeviceSession(device, sessionId);
      const result = await store(
        session,
        {
          sessionId: session.id,
          sentByAdmin: false,
          userId: null,
          sender: null,
          message: input.message,
          clientId: input.client_id,
          at: clock.now(),
        },
        chatEnded,
      );
      if (!result.repeat) announce(session, 'message', result.message, result.unread);
      return result.message;
    },

    /** The visitor left: the chat ends once, and the consoles show it ended. */
    async end(device: DeviceContext, sessionId: string) {
      const before = await mustDeviceSession(device, sessionId);
      if (before.endedAt !== null) return deviceChat(before);
      if (!(await repo.end(device.id, sessionId, clock.now()))) throw deviceChatMissing();
      const session = await mustDeviceSession(device, sessionId);
      announce(session, 'ended', null, session.unread);
      return deviceChat(session);
    },

    /**
     * The visitor's satisfaction (1–5) once the chat ended: one answer per chat, a second is a
     * 409 `chat_rated` (the first stays); an open chat is a 409 `chat_open`. The consoles show it.
     */
    async rate(device: DeviceContext, sessionId: string, rating: number) {
      const before = await mustDeviceSession(device, sessionId);
      if (before.endedAt === null) throw stillOpen();
      if (!(await repo.rate(sessionId, rating, clock.now()))) throw ratedBefore();
      const session = await mustDeviceSession(device, sessionId);
      announce(session, 'updated', null, session.unread);
      return deviceChat(session);
    },

    /**
     * The kiosk ended the visitor's Q&A session: the chats linked to it end with it, as if the
     * kiosk had ended each. Chats not linked to a session are left to `endIdle`.
     */
    async visitorSessionEnded(device: Pick<DeviceContext, 'id'>, visitorSessionId: string) {
      const ended = await repo.endForVisitorSession(device.id, visitorSessionId, clock.now());
      for (const session of ended) announce(session, 'ended', null, session.unread);
      return ended.length;
    },

    // ------------------------------------------------------------ housekeeping

    /** Ends the chats whose visitor has been silent for CHAT_IDLE_MS (a housekeeping task). */
    async endIdle() {
      const now = clock.now();
      const ended = await repo.endIdle(new Date(now.getTime() - CHAT_IDLE_MS), now);
      for (const session of ended) announce(session, 'ended', null, session.unread);
      return { chats: ended.length };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
