import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  chatAvailability,
  chatMessages as m,
  chatSessions as s,
  devices,
  users,
  visitorSessions,
} from '../../db/schema.js';
import { likePattern, prefixPattern } from '../../lib/sql.js';

/** A chat as the console lists it: the session with its device's name. */
const sessionColumns = {
  id: s.id,
  deviceId: s.deviceId,
  deviceName: devices.description,
  projectId: devices.projectId,
  language: s.language,
  name: s.name,
  mobile: s.mobile,
  tags: s.tags,
  unread: s.unread,
  lastMessage: s.lastMessage,
  lastMessageAt: s.lastMessageAt,
  createdAt: s.createdAt,
  endedAt: s.endedAt,
  assignedUserId: s.assignedUserId,
  assigneeName: users.username,
  rating: s.rating,
};

const messageColumns = {
  id: m.id,
  sessionId: m.sessionId,
  sentByAdmin: m.sentByAdmin,
  sender: m.sender,
  message: m.message,
  clientId: m.clientId,
  at: m.at,
};

export type ChatSessionRow = {
  id: string;
  deviceId: number;
  deviceName: string;
  projectId: number;
  language: string;
  name: string;
  mobile: string;
  tags: string[];
  unread: number;
  lastMessage: string | null;
  lastMessageAt: Date | string | null;
  createdAt: Date | string;
  endedAt: Date | string | null;
  assignedUserId: number | null;
  assigneeName: string | null;
  rating: number | null;
};

export type ChatMessageRow = {
  id: number;
  sessionId: string;
  sentByAdmin: boolean;
  sender: string | null;
  message: string;
  clientId: string | null;
  at: Date | string;
};

export interface NewChatMessage {
  sessionId: string;
  sentByAdmin: boolean;
  userId: number | null;
  sender: string | null;
  message: string;
  clientId: string | null;
  at: Date;
}

/** The last messages of a chat a history answers with (older ones stay stored). */
export const HISTORY_LIMIT = 500;

/** Chats are always read through their device, so every query is scoped by device or project. */
export function createChatRepo(db: Db) {
  const sessionQuery = () =>
    db
      .select(sessionColumns)
      .from(s)
      .innerJoin(devices, eq(devices.id, s.deviceId))
      .leftJoin(users, eq(users.id, s.assignedUserId))
      .$dynamic();

  async function byIds(ids: string[]) {
    if (ids.length === 0) return [];
    return (await sessionQuery().where(inArray(s.id, ids))) as ChatSessionRow[];
  }

  return {
    /** The device's name when it is the project's. */
    async projectDevice(deviceId: number, projectId: number) {
      const [row] = await db
        .select({ id: devices.id, name: devices.description })
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)));
      return row;
    },

    /**
     * A device's chats, newest activity first. The search matches name, mobile or a tag anywhere
     * (its wildcards literally), or the start of the session id (what an operator reads out).
     */
    async list(f: {
      deviceId: number;
      search: string;
      limit: number;
      offset: number;
      /** Only the chats assigned to this user (a number), or only the unassigned ones (null). */
      assignee?: number | null;
      /** Only the chats with this tag, in any case. */
      tag?: string | undefined;
    }) {
      const conditions: SQL[] = [eq(s.deviceId, f.deviceId)];
      if (f.tag !== undefined) {
        conditions.push(
          sql`exists (select 1 from jsonb_array_elements_text(${s.tags}) as tag where lower(tag) = lower(${f.tag}))`,
        );
      }
      if (f.assignee === null) conditions.push(isNull(s.assignedUserId));
      else if (f.assignee !== undefined) conditions.push(eq(s.assignedUserId, f.assignee));
      if (f.search) {
        const pattern = likePattern(f.search);
        conditions.push(
          or(
            ilike(s.name, pattern),
            ilike(s.mobile, pattern),
            sql`exists (select 1 from jsonb_array_elements_text(${s.tags}) as tag where tag ilike ${pattern})`,
            sql`${s.id}::text ilike ${prefixPattern(f.search)}`,
          )!,
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        sessionQuery()
          .where(where)
          .orderBy(desc(sql`coalesce(${s.lastMessageAt}, ${s.createdAt})`), desc(s.createdAt), asc(s.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(s).where(where),
      ]);
      return { rows: rows as ChatSessionRow[], total: total?.n ?? 0 };
    },

    /** The tags on the device's chats, each once (as first written, in any case), by name. */
    async tags(deviceId: number) {
      const rows = await queryRows<{ tag: string }>(
        db,
        sql`select min(tag) as tag from ${s}, jsonb_array_elements_text(${s.tags}) as tag
             where ${s.deviceId} = ${deviceId} group by lower(tag) order by lower(tag)`,
      );
      return rows.map((r) => r.tag);
    },

    /** A chat of one of the project's devices. */
    async findInProject(projectId: number, sessionId: string) {
      const [row] = await sessionQuery().where(and(eq(s.id, sessionId), eq(devices.projectId, projectId)));
      return row as ChatSessionRow | undefined;
    },

    /** A chat of this device. */
    async findOnDevice(deviceId: number, sessionId: string) {
      const [row] = await sessionQuery().where(and(eq(s.id, sessionId), eq(s.deviceId, deviceId)));
      return row as ChatSessionRow | undefined;
    },

    async update(sessionId: string, patch: { name?: string; mobile?: string; tags?: string[] }) {
      if (patch.name === undefined && patch.mobile === undefined && patch.tags === undefined) return;
      await db.update(s).set(patch).where(eq(s.id, sessionId));
    },

    async assign(sessionId: string, userId: number | null) {
      await db.update(s).set({ assignedUserId: userId }).where(eq(s.id, sessionId));
    },

    /** The project's users (one, with `userId`) with their role and pages, by username. */
    async projectUsers(projectId: number, userId?: number) {
      const conditions: SQL[] = [eq(users.projectId, projectId)];
      if (userId !== undefined) conditions.push(eq(users.id, userId));
      return db
        .select({
          id: users.id,
          username: users.username,
          roleId: users.roleId,
          pageAccess: users.pageAccess,
          // No row: Available.
          available: sql<boolean>`coalesce(${chatAvailability.available}, true)`,
        })
        .from(users)
        .leftJoin(chatAvailability, eq(chatAvailability.userId, users.id))
        .where(and(...conditions))
        .orderBy(asc(users.usernameKey), asc(users.id));
    },

    /** The operator's own Available / Away. */
    async setAvailable(userId: number, available: boolean, at: Date) {
      await db
        .insert(chatAvailability)
        .values({ userId, available, updatedAt: at })
        .onConflictDoUpdate({ target: chatAvailability.userId, set: { available, updatedAt: at } });
    },

    /** The project's devices (their kiosks hear whether staff are available). */
    async projectDeviceIds(projectId: number) {
      const rows = await db.select({ id: devices.id }).from(devices).where(eq(devices.projectId, projectId));
      return rows.map((r) => r.id);
    },

    /** Whether the visitor session is this device's own (a chat links only to those). */
    async ownVisitorSession(deviceId: number, visitorSessionId: string) {
      const rows = await db
        .select({ id: visitorSessions.id })
        .from(visitorSessions)
        .where(and(eq(visitorSessions.id, visitorSessionId), eq(visitorSessions.deviceId, deviceId)))
        .limit(1);
      return rows.length > 0;
    },

    async start(input: {
      id: string;
      deviceId: number;
      visitorSessionId: string | null;
      language: string;
      name: string;
      mobile: string;
      tags: string[];
      at: Date;
    }) {
      await db.insert(s).values({
        id: input.id,
        deviceId: input.deviceId,
        visitorSessionId: input.visitorSessionId,
        language: input.language,
        name: input.name,
        mobile: input.mobile,
        tags: input.tags,
        createdAt: input.at,
      });
    },

    /** An operator ends an open chat; false when it had ended already (nothing changes). */
    async endOpen(sessionId: string, at: Date) {
      const rows = await db
        .update(s)
        .set({ endedAt: at })
        .where(and(eq(s.id, sessionId), isNull(s.endedAt)))
        .returning({ id: s.id });
      return rows.length > 0;
    },

    /** Stores the visitor's satisfaction once, on an ended chat; false when it was answered before. */
    async rate(sessionId: string, rating: number, at: Date) {
      const rows = await db
        .update(s)
        .set({ rating, ratedAt: at })
        .where(and(eq(s.id, sessionId), isNull(s.rating), isNotNull(s.endedAt)))
        .returning({ id: s.id });
      return rows.length > 0;
    },

    /** Ends a chat once: ending it again keeps the first end time. */
    async end(deviceId: number, sessionId: string, at: Date) {
      const rows = await db
        .update(s)
        .set({ endedAt: sql`coalesce(${s.endedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(s.id, sessionId), eq(s.deviceId, deviceId)))
        .returning({ id: s.id });
      return rows.length > 0;
    },

    /**
     * Ends every open chat of this device linked to the visitor session; the chats it ended, to
     * announce (none when they had all ended already).
     */
    async endForVisitorSession(deviceId: number, visitorSessionId: string, at: Date) {
      const rows = await db
        .update(s)
        .set({ endedAt: at })
        .where(and(eq(s.deviceId, deviceId), eq(s.visitorSessionId, visitorSessionId), isNull(s.endedAt)))
        .returning({ id: s.id });
      return byIds(rows.map((r) => r.id));
    },

    /**
     * Ends every open chat (any device) whose visitor has written nothing since `before`: counted
     * from the visitor's last message, or from the chat's start when they wrote none. Operators'
     * messages do not keep a chat open. The chats it ended, to announce.
     */
    async endIdle(before: Date, at: Date) {
      const lastVisitorMessage = sql`(select max(${m.at}) from ${m}
        where ${m.sessionId} = ${s.id} and not ${m.sentByAdmin})`;
      const rows = await db
        .update(s)
        .set({ endedAt: at })
        .where(
          and(
            isNull(s.endedAt),
            lt(
              sql`coalesce(${lastVisitorMessage}, ${s.createdAt})`,
              sql`${before.toISOString()}::timestamptz`,
            ),
          ),
        )
        .returning({ id: s.id });
      return byIds(rows.map((r) => r.id));
    },

    /** The last HISTORY_LIMIT messages, oldest first. */
    async messages(sessionId: string) {
      const rows = await db
        .select(messageColumns)
        .from(m)
        .where(eq(m.sessionId, sessionId))
        .orderBy(desc(m.id))
        .limit(HISTORY_LIMIT);
      return rows.reverse() as ChatMessageRow[];
    },

    /**
     * The operators read the chat: no unread messages, and seen from now on (the first reading
     * time is kept). Whether anything changed, so only a real change is announced.
     */
    async markRead(sessionId: string, at: Date) {
      const rows = await db
        .update(s)
        .set({ unread: 0, readAt: sql`coalesce(${s.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(s.id, sessionId), or(sql`${s.unread} <> 0`, isNull(s.readAt))))
        .returning({ id: s.id });
      return rows.length > 0;
    },

    /**
     * Per device of the project (archived ones left out) with open chats waiting for staff (not
     * seen by an operator yet, or with unread visitor messages): how many, their unread messages,
     * and the one with the newest activity.
     */
    async waiting(projectId: number) {
      const activity = sql`coalesce(${s.lastMessageAt}, ${s.createdAt})`;
      const rows = await db
        .select({
          deviceId: devices.id,
          deviceName: devices.description,
          chats: count(),
          unread: sql<string | number>`coalesce(sum(${s.unread}), 0)`,
          latest: sql<string>`(array_agg(${s.id} order by ${activity} desc, ${s.id}))[1]`,
        })
        .from(s)
        .innerJoin(devices, eq(devices.id, s.deviceId))
        .where(
          and(
            eq(devices.projectId, projectId),
            isNull(devices.archivedAt),
            isNull(s.endedAt),
            or(sql`${s.unread} > 0`, isNull(s.readAt)),
          ),
        )
        .groupBy(devices.id, devices.description)
        .orderBy(asc(devices.id));
      return rows.map((r) => ({ ...r, chats: Number(r.chats), unread: Number(r.unread) }));
    },

    /**
     * Stores a message and moves its chat's last message in one statement, only while the chat
     * is open. A visitor's message counts as unread; an operator's reply means the operators have
     * read (and seen) the chat. Nothing is stored (undefined) when the chat has ended or the client id was
     * used before in this chat (the unique index): the caller reads back which.
     */
    async insertMessage(n: NewChatMessage) {
      const at = n.at.toISOString();
      const [row] = await queryRows<{
        id: string | number;
        session_id: string;
        sent_by_admin: boolean;
        sender: string | null;
        message: string;
        client_id: string | null;
        at: Date | string;
        unread: number;
      }>(
        db,
        sql`with ins as (
              insert into ${m} (session_id, sent_by_admin, user_id, sender, message, client_id, at)
              select ${s.id}, ${n.sentByAdmin}::boolean, ${n.userId}::integer, ${n.sender}::text,
                     ${n.message}::text, ${n.clientId}::text, ${at}::timestamptz
                from ${s} where ${s.id} = ${n.sessionId} and ${s.endedAt} is null
              on conflict (session_id, client_id) where client_id is not null do nothing
              returning id, session_id, sent_by_admin, sender, message, client_id, at
            ), upd as (
              update ${s} set last_message = ins.message, last_message_at = ins.at,
                     unread = case when ins.sent_by_admin then 0 else ${s.unread} + 1 end,
                     read_at = case when ins.sent_by_admin then coalesce(${s.readAt}, ins.at)
                                    else ${s.readAt} end
                from ins where ${s.id} = ins.session_id
              returning ${s.unread} as unread
            )
            select ins.*, upd.unread from ins cross join upd`,
      );
      if (!row) return undefined;
      const message: ChatMessageRow = {
        id: Number(row.id),
        sessionId: row.session_id,
        sentByAdmin: row.sent_by_admin,
        sender: row.sender,
        message: row.message,
        clientId: row.client_id,
        at: row.at,
      };
      return { message, unread: Number(row.unread) };
    },

    /** The message a client id already stored in this chat. */
    async byClientId(sessionId: string, clientId: string) {
      const [row] = await db
        .select(messageColumns)
        .from(m)
        .where(and(eq(m.sessionId, sessionId), eq(m.clientId, clientId)));
      return row as ChatMessageRow | undefined;
    },

    /** Whether the chat is still open (undefined when it does not exist). */
    async isOpen(sessionId: string) {
      const [row] = await db
        .select({ open: sql<boolean>`${s.endedAt} is null` })
        .from(s)
        .where(eq(s.id, sessionId));
      return row?.open;
    },
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
