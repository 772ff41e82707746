import type { AnswerStep, Language } from '@ambassador/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  real,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Conversations (and visitor sessions) older than this many days are deleted daily; null keeps all. */
  conversationRetentionDays: integer('conversation_retention_days'),
  createdAt: createdAt(),
});

/**
 * This installation, as one row made at its first start (db/installation.ts): its random id names
 * it wherever several installations share a service, e.g. the namespace of its keys and channels in
 * Redis, which every instance on this database must agree on however it reaches the database.
 */
export const installation = pgTable(
  'installation',
  {
    /** Always 1: the primary key keeps the table to one row. */
    singleton: smallint('singleton').primaryKey().default(1),
    id: uuid('id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('installation_singleton_check', sql`${t.singleton} = 1`)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['ambassador', 'chatbot'] }).notNull(),
    /** Languages the device offers its visitors (of the contracts' LANGUAGES), the first its default. */
    languages: jsonb('languages').$type<Language[]>().notNull().default(['english', 'cantonese', 'mandarin']),
    /** Last call to the device API. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Retired: no key, out of the selector and lists, data kept until restored or deleted. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The staff PIN that opens the kiosk's staff settings (hashed like a password); null: none set. */
    staffPinHash: text('staff_pin_hash'),
    /** When staff last unpaired the kiosk with the PIN (the key stays valid: it is only forgotten). */
    unpairedAt: timestamp('unpaired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('devices_project_idx').on(t.projectId),
    check('devices_kind_check', sql`${t.kind} in ('ambassador', 'chatbot')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** `usernameKey(username)`: what sign-in, lockout and uniqueness compare (lib/usernames.ts). */
    usernameKey: text('username_key').notNull(),
    roleId: smallint('role_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    pageAccess: jsonb('page_access').$type<string[]>().notNull().default([]),
    mustResetPassword: boolean('must_reset_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in names no project, so a username is unique across the whole installation, in the
    // folded form sign-in compares: two names that fold alike cannot both exist.
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    index('users_project_idx').on(t.projectId),
    check('users_role_check', sql`${t.roleId} in (1, 2, 3)`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    succeeded: boolean('succeeded').notNull(),
    /** A try refused by the lockout: logged, but not counted as a failure. */
    throttled: boolean('throttled').notNull().default(false),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_at_idx').on(t.username, t.at)],
);

// ---------------------------------------------------------------- media store

/** A smaller copy of a media file the server made: a thumbnail, a web-sized image, a video's poster. */
export interface MediaVariant {
  /** Its content-addressed name in the blob store (`<sha256>.<ext>`), served at /media/<file>. */
  file: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}
export type MediaVariants = Partial<Record<'thumb' | 'web' | 'poster', MediaVariant>>;
/** What the checks found besides the size: an animation's frames, a video's codecs. */
export interface MediaInfo {
  animated?: boolean;
  frames?: number;
  container?: string;
  video_codec?: string;
  audio_codec?: string | null;
}

/**
 * An uploaded file. Files stored before the media pipeline keep their random names (`filename`,
 * directly under DATA_DIR/media, `sha256` null); newer ones are content-addressed blobs
 * (`filename` = `<sha256>.<ext>`), shared by every row with the same bytes. `files` names every
 * blob the row holds (the original and its variants): a blob is deleted only when no row names it.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Uploads before the media pipeline were all images. */
    kind: text('kind', { enum: ['image', 'video', 'document'] })
      .notNull()
      .default('image'),
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    variants: jsonb('variants').$type<MediaVariants>().notNull().default({}),
    info: jsonb('info').$type<MediaInfo>().notNull().default({}),
    files: text('files')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_filename_idx').on(t.filename),
    index('media_project_idx').on(t.projectId),
    index('media_created_idx').on(t.createdAt),
    index('media_files_idx').using('gin', t.files),
  ],
);

/**
 * The content-addressed blobs in the blob store, one row per file (`<sha256>.<ext>`). The row is
 * also the lock that orders a save sharing a blob against a sweep deleting it (media/store.ts).
 */
export const mediaBlobs = pgTable('media_blobs', {
  name: text('name').primaryKey(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- AI configuration (per device)

const deviceRef = () =>
  integer('device_id')
    .notNull()
    .references(() => devices.id, { onDelete: 'cascade' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const aiCategories = pgTable(
  'ai_categories',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    parentId: integer('parent_id').references((): AnyPgColumn => aiCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ai_categories_name_idx').on(
      t.deviceId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('ai_categories_parent_idx').on(t.parentId),
  ],
);

export const aiTopics = pgTable(
  'ai_topics',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    // A category in use cannot be deleted: the database refuses too, not only the service.
    categoryId: integer('category_id')
      .notNull()
      .references(() => aiCategories.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id').references((): AnyPgColumn => aiTopics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    remarks: text('remarks').notNull().default(''),
    isActivated: boolean('is_activated').notNull().default(true),
    isEnabledRelatedIntents: boolean('is_enabled_related_intents').notNull().default(false),
    avatarMotion: text('avatar_motion'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ai_topics_name_idx').on(t.deviceId, sql`lower(${t.name})`),
    index('ai_topics_category_idx').on(t.categoryId),
    index('ai_topics_parent_idx').on(t.parentId),
  ],
);

export const aiKeywords = pgTable(
  'ai_keywords',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => aiTopics.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    language: text('language').notNull(),
    kind: text('kind', { enum: ['keyword', 'phrase'] }).notNull(),
    text: text('text').notNull(),
    /** Folded form (case, width, Traditional/Simplified): what duplicates and conflicts compare. */
    norm: text('norm').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ai_keywords_topic_norm_idx').on(t.topicId, t.language, t.norm),
    index('ai_keywords_device_norm_idx').on(t.deviceId, t.language, t.norm),
    check('ai_keywords_kind_check', sql`${t.kind} in ('keyword', 'phrase')`),
  ],
);

export const aiResponses = pgTable(
  'ai_responses',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => aiTopics.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    language: text('language').notNull(),
    deviceType: text('device_type', { enum: ['ambassador', 'chatbot'] }).notNull(),
    responseAim: text('response_aim').notNull(),
    responseType: text('response_type').notNull(),
    speech: text('speech').notNull().default(''),
    customContent: text('custom_content').notNull().default(''),
    contents: jsonb('contents').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ai_responses_topic_idx').on(t.topicId, t.language)],
);

/** Aliases of a keyword, called entities: an alias in a question counts as the keyword. */
export const aiEntities = pgTable(
  'ai_entities',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    keyword: text('keyword').notNull(),
    norm: text('norm').notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ai_entities_norm_idx').on(t.deviceId, t.norm)],
);

export const aiSettings = pgTable(
  'ai_settings',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    isEnabledRelatedIntents: boolean('is_enabled_related_intents').notNull().default(true),
    /** The least match score that answers (0.05–0.95); null = the matcher's default. */
    answerConfidence: real('answer_confidence'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'ai_settings_answer_confidence_check',
      sql`${t.answerConfidence} is null or ${t.answerConfidence} between 0.05 and 0.95`,
    ),
  ],
);

/** A transfer of AI data, with the destination's data as it was before, so it can be undone. */
export const aiTransfers = pgTable(
  'ai_transfers',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sourceDeviceId: integer('source_device_id').references(() => devices.id, { onDelete: 'set null' }),
    sourceDescription: text('source_description').notNull(),
    destDeviceId: deviceRef(),
    snapshot: jsonb('snapshot').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('ai_transfers_dest_idx').on(t.destDeviceId, t.createdAt)],
);

// ---------------------------------------------------------------- devices talk (device API)

/** A device's key for the device API, stored only as its SHA-256. Rotating revokes the old one. */
export const deviceKeys = pgTable(
  'device_keys',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, shown to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** 'console' for keys an admin made; 'seed' for the demo-data generator's short-lived ones. */
    label: text('label').notNull().default('console'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_keys_hash_idx').on(t.keyHash), index('device_keys_device_idx').on(t.deviceId)],
);

/** A visitor's time at a device: from the first touch to the end (or the last question). */
export const visitorSessions = pgTable(
  'visitor_sessions',
  {
    id: uuid('id').primaryKey(),
    deviceId: deviceRef(),
    language: text('language').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    questions: integer('questions').notNull().default(0),
  },
  (t) => [
    // The trailing columns make the dashboard's session counts and AET index-only scans, without
    // the heap (drizzle has no INCLUDE); bench/conversations.ts measures them.
    index('visitor_sessions_device_started_idx').on(
      t.deviceId,
      t.startedAt,
      t.questions,
      t.endedAt,
      t.lastActivityAt,
    ),
  ],
);

/** One visitor question and the device's answer: a row of Conversation Review. */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: deviceRef(),
    sessionId: uuid('session_id').references(() => visitorSessions.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    acquire: text('acquire').notNull(),
    reply: text('reply').notNull(),
    language: text('language').notNull(),
    intentId: integer('intent_id').references(() => aiTopics.id, { onDelete: 'set null' }),
    /** Names as they were when asked: a later rename or delete does not rewrite history. */
    intentName: text('intent_name'),
    categoryName: text('category_name'),
    responseTimeMs: integer('response_time_ms').notNull(),
    score: real('score'),
    /** answered (a topic), location, document, small_talk, declined (a topic filter) or fallback. */
    status: text('status', {
      enum: ['answered', 'fallback', 'location', 'document', 'small_talk', 'declined'],
    }).notNull(),
    /** A location answer's location (its name as asked is `intent_name`). */
    locationId: integer('location_id').references((): AnyPgColumn => locations.id, { onDelete: 'set null' }),
    /** A document answer's source: `{ document_id, filename, page, heading, passage_id }` as it was. */
    source: jsonb('source').$type<{
      document_id: number;
      filename: string;
      page: number | null;
      heading: string | null;
      passage_id: number;
      /** Absent on answers logged before the answer's language was kept. */
      language?: Language | null;
    }>(),
    /** How the answering chain answered, step by step (null: logged before steps were kept). */
    steps: jsonb('steps').$type<AnswerStep[]>(),
    rating: smallint('rating'),
    comment: text('comment').notNull().default(''),
    bookmarked: boolean('bookmarked').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    trainedIntentId: integer('trained_intent_id').references(() => aiTopics.id, { onDelete: 'set null' }),
    trainedAt: timestamp('trained_at', { withTimezone: true }),
    /**
     * A fallback's best topic (score > 0), to teach it in one click; `score` is then its score.
     * Null on answered rows: their topic is `intent_id`.
     */
    candidateIntentId: integer('candidate_intent_id').references(() => aiTopics.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Review order (at, id) per device; the trailing status and intent_id (never reordering, id is
    // unique) make the dashboard's counts, graph and FAQ index-only scans, without the heap.
    index('conversations_device_at_idx').on(t.deviceId, t.at, t.id, t.status, t.intentId),
    uniqueIndex('conversations_idempotency_idx')
      .on(t.deviceId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('conversations_bookmarked_idx')
      .on(t.deviceId, t.at)
      .where(sql`${t.bookmarked}`),
    index('conversations_session_idx').on(t.sessionId),
    // The category filter's names: a skip scan over a handful of names, not every row of the device.
    index('conversations_device_category_idx')
      .on(t.deviceId, t.categoryName)
      .where(sql`${t.categoryName} is not null`),
    // Deleting a topic nulls its references: without these, every delete would scan the log.
    index('conversations_intent_idx').on(t.intentId),
    index('conversations_location_idx')
      .on(t.locationId)
      .where(sql`${t.locationId} is not null`),
    index('conversations_trained_idx')
      .on(t.trainedIntentId)
      .where(sql`${t.trainedIntentId} is not null`),
    index('conversations_candidate_idx')
      .on(t.candidateIntentId)
      .where(sql`${t.candidateIntentId} is not null`),
    check(
      'conversations_status_check',
      sql`${t.status} in ('answered', 'fallback', 'location', 'document', 'small_talk', 'declined')`,
    ),
    check('conversations_rating_check', sql`${t.rating} is null or ${t.rating} in (1, -1)`),
  ],
);

// --- Realtime: live chat, video calls, push messages (issue 5) ---------------------------------

/** A visitor's chat with the operators, opened from a kiosk. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey(),
    deviceId: deviceRef(),
    visitorSessionId: uuid('visitor_session_id').references(() => visitorSessions.id, {
      onDelete: 'set null',
    }),
    language: text('language').notNull(),
    name: text('name').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessage: text('last_message'),
    /** Visitor messages no operator has read yet. */
    unread: integer('unread').notNull().default(0),
    /**
     * When an operator first read or answered the chat; null while no operator has seen it. An
     * open chat is waiting for staff while unseen or with unread visitor messages.
     */
    readAt: timestamp('read_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('chat_sessions_device_activity_idx').on(t.deviceId, t.lastMessageAt, t.createdAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    sentByAdmin: boolean('sent_by_admin').notNull(),
    /** The operator who sent it; null for the visitor's messages. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sender: text('sender'),
    message: text('message').notNull(),
    clientId: text('client_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.id),
    // A retried send (same client id) is stored once.
    uniqueIndex('chat_messages_client_idx')
      .on(t.sessionId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/** A video call from a kiosk, answered by one operator on Live Video. */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    deviceId: deviceRef(),
    status: text('status', { enum: ['ringing', 'answered', 'ended', 'missed'] }).notNull(),
    createdAt: createdAt(),
    /** When the ringing gives up and the call counts as missed. */
    ringUntil: timestamp('ring_until', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredByName: text('answered_by_name'),
    /** The console tab (realtime client id) that answered: the call's signalling goes there. */
    answeredClient: text('answered_client'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('calls_device_created_idx').on(t.deviceId, t.createdAt),
    index('calls_ringing_idx')
      .on(t.ringUntil)
      .where(sql`${t.status} = 'ringing'`),
    check('calls_status_check', sql`${t.status} in ('ringing', 'answered', 'ended', 'missed')`),
  ],
);

/** Per device: hours calls are taken, the offline response, and the notification channel. */
export const callSettings = pgTable('call_settings', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  offlineHours: jsonb('offline_hours')
    .$type<{ day: string; start: string; end: string }[]>()
    .notNull()
    .default([]),
  timeZone: text('time_zone').notNull().default('UTC'),
  offlineResponse: jsonb('offline_response').$type<Record<string, string>>().notNull().default({}),
  notification: jsonb('notification')
    .$type<{ banner: boolean; sound: boolean; desktop: boolean; ring_seconds: number }>()
    .notNull()
    .default({ banner: true, sound: true, desktop: false, ring_seconds: 45 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** A message an operator pushed to devices of the project. */
export const pushes = pgTable(
  'pushes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    imageUrl: text('image_url'),
    durationSeconds: integer('duration_seconds').notNull(),
    speak: boolean('speak').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pushes_project_created_idx').on(t.projectId, t.createdAt)],
);

export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    pushId: integer('push_id')
      .notNull()
      .references(() => pushes.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    status: text('status', { enum: ['pending', 'delivered', 'expired'] })
      .notNull()
      .default('pending'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_deliveries_pk_idx').on(t.pushId, t.deviceId),
    index('push_deliveries_pending_idx')
      .on(t.deviceId)
      .where(sql`${t.status} = 'pending'`),
    check('push_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'expired')`),
  ],
);

/**
 * A device's interface sections as an operator saved them (Interface Settings): per section, each
 * catalogue component of that time on or off. A section without a row, and a component added to
 * the catalogue since the save, take the catalogue's default (packages/contracts interface.ts).
 */
export const interfaceSections = pgTable(
  'interface_sections',
  {
    deviceId: deviceRef(),
    sectionId: text('section_id').notNull(),
    components: jsonb('components').$type<Record<string, boolean>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('interface_sections_pk_idx').on(t.deviceId, t.sectionId)],
);

/**
 * Carousel banners of a device's start screen: a media image, its place in the order, an optional
 * topic it opens and an optional schedule (either bound may be open).
 */
export const carouselBanners = pgTable(
  'carousel_banners',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // A topic deleted later leaves the banner without a link rather than the banner gone.
    linkTopicId: integer('link_topic_id').references(() => aiTopics.id, { onDelete: 'set null' }),
    // Or a directory unit the kiosk opens (never both: the service refuses it).
    linkUnitId: integer('link_unit_id').references(() => directoryUnits.id, { onDelete: 'set null' }),
    showFrom: timestamp('show_from', { withTimezone: true }),
    showUntil: timestamp('show_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('carousel_banners_device_idx').on(t.deviceId, t.position)],
);

/**
 * A device's idle screen settings (Interface Settings → idle screen): which media type its idle
 * loop plays and the seconds without a touch before it starts. No row: images, IDLE_TIMEOUT.default.
 */
export const idleScreenSettings = pgTable(
  'idle_screen_settings',
  {
    deviceId: deviceRef().primaryKey(),
    mediaType: text('media_type', { enum: ['image', 'video'] })
      .notNull()
      .default('image'),
    idleTimeoutS: integer('idle_timeout_s').notNull().default(60),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('idle_screen_settings_media_type_check', sql`${t.mediaType} in ('image', 'video')`),
    check('idle_screen_settings_timeout_check', sql`${t.idleTimeoutS} between 15 and 3600`),
  ],
);

/**
 * The idle loop's items of a device: a media image or video, its place among the items of its kind,
 * and for an image the seconds it shows (a video plays to its end: null).
 */
export const idleScreenItems = pgTable(
  'idle_screen_items',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    durationS: integer('duration_s'),
    createdAt: createdAt(),
  },
  (t) => [
    index('idle_screen_items_device_idx').on(t.deviceId, t.kind, t.position),
    check('idle_screen_items_kind_check', sql`${t.kind} in ('image', 'video')`),
    check(
      'idle_screen_items_duration_check',
      sql`(${t.kind} = 'video' and ${t.durationS} is null) or (${t.kind} = 'image' and ${t.durationS} between 3 and 300)`,
    ),
  ],
);

/**
 * A device's directory units (Interface Settings → Directory): unit number (unique per device,
 * compared without case), optional logo from the media store, contact fields and the live-chat
 * switch. The occupant's name and description are per language, in directory_unit_texts.
 */
export const directoryUnits = pgTable(
  'directory_units',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    unitNo: text('unit_no').notNull(),
    // The logo's media row going (deleted as unused) leaves the unit without a logo.
    logoMediaId: integer('logo_media_id').references(() => media.id, { onDelete: 'set null' }),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    liveChat: boolean('live_chat').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('directory_units_device_unit_idx').on(t.deviceId, sql`lower(${t.unitNo})`)],
);

/** A unit's occupant name and description in one language of its device. */
export const directoryUnitTexts = pgTable(
  'directory_unit_texts',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => directoryUnits.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('directory_unit_texts_pk_idx').on(t.unitId, t.language)],
);

/**
 * A device's quiz library (Event Manager): a quiz in some languages, whether a run asks its
 * questions in a random order (and how many), its questions and its general pages.
 */
export const quizzes = pgTable('quizzes', {
  id: serial('id').primaryKey(),
  deviceId: deviceRef(),
  name: text('name').notNull(),
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  randomPick: boolean('random_pick').notNull().default(false),
  pickCount: integer('pick_count'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A quiz's question: its own fields and, per language, its content (ZQuestionContent as JSON). */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    maxAttempt: integer('max_attempt').notNull().default(1),
    showHints: boolean('show_hints').notNull().default(false),
    contents: jsonb('contents').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.position)],
);

/** A quiz's general page (onboard, correct, incorrect, ending, retry): on or off, content per language. */
export const quizPages = pgTable(
  'quiz_pages',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    pageType: text('page_type').notNull(),
    isOn: boolean('is_on').notNull().default(false),
    contents: jsonb('contents').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quiz_pages_pk_idx').on(t.quizId, t.pageType)],
);

/**
 * A device's event: per language a flow of activities (ZActivity[] as JSON), at most one current
 * (is_active) per device, and a version that grows with every save (a stale save is refused).
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    title: text('title').notNull(),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    flows: jsonb('flows').$type<Record<string, unknown[]>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_device_idx').on(t.deviceId, t.createdAt),
    uniqueIndex('events_one_active_idx')
      .on(t.deviceId)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * A visitor's run through an event on a kiosk: the language, the version of the event it ran, where
 * it is (or ended: the furthest activity, how it ended).
 */
export const eventRuns = pgTable(
  'event_runs',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    language: text('language').notNull(),
    eventVersion: integer('event_version').notNull(),
    activityIndex: integer('activity_index').notNull().default(0),
    activityKey: text('activity_key'),
    step: text('step').notNull().default(''),
    outcome: text('outcome', { enum: ['finished', 'left', 'idle', 'stopped'] }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('event_runs_event_idx').on(t.eventId, t.startedAt),
    index('event_runs_live_idx')
      .on(t.deviceId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** Each activity a run reached (for drop-off per activity), by the activity's key. */
export const eventRunActivities = pgTable(
  'event_run_activities',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => eventRuns.id, { onDelete: 'cascade' }),
    activityKey: text('activity_key').notNull(),
    activityIndex: integer('activity_index').notNull(),
    activityType: text('activity_type').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_run_activities_pk_idx').on(t.runId, t.activityKey)],
);

/** A button a visitor pressed for a quiz question in a run, and whether it was right (the server decides). */
export const eventRunAnswers = pgTable(
  'event_run_answers',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => eventRuns.id, { onDelete: 'cascade' }),
    quizId: integer('quiz_id').notNull(),
    questionId: integer('question_id').notNull(),
    attempt: integer('attempt').notNull(),
    answer: text('answer').notNull(),
    correct: boolean('correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_run_answers_attempt_idx').on(t.runId, t.questionId, t.attempt),
    index('event_run_answers_question_idx').on(t.questionId),
  ],
);

// ---------------------------------------------------------------- background jobs

/**
 * Durable background jobs (jobs/queue.ts): a worker claims due rows with `FOR UPDATE SKIP LOCKED`
 * (PGlite and PostgreSQL alike), so several instances share them and a restart resumes them: a
 * running job whose lock is older than its lease is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** At most one queued or running job per key (e.g. `mrc-scan:42`): enqueueing again is a no-op. */
    key: text('key'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** 0–100, for jobs that report progress. */
    progress: smallint('progress').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex('jobs_key_idx')
      .on(t.key)
      .where(sql`${t.key} is not null and ${t.status} in ('queued', 'running')`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

// ---------------------------------------------------------------- document scanning (MRC)

/** A document uploaded for scanning, per device. Removed ones stay (hidden) until the sweep. */
export const mrcDocuments = pgTable(
  'mrc_documents',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    /** The original, in the media pipeline (kind `document`); null once released. */
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    format: text('format', { enum: ['pdf', 'docx', 'txt', 'html', 'markdown'] }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['Scanning', 'Ready', 'Failed', 'Removed'] })
      .notNull()
      .default('Scanning'),
    failure: text('failure'),
    failureDetail: text('failure_detail'),
    pages: integer('pages'),
    language: text('language'),
    characters: integer('characters'),
    passages: integer('passages').notNull().default(0),
    scanMs: integer('scan_ms'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mrc_documents_device_idx').on(t.deviceId, t.createdAt),
    index('mrc_documents_media_idx').on(t.mediaId),
    check('mrc_documents_status_check', sql`${t.status} in ('Scanning', 'Ready', 'Failed', 'Removed')`),
  ],
);

/** A passage of a scanned document: the unit documents are searched and answered by. */
export const mrcPassages = pgTable(
  'mrc_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => mrcDocuments.id, { onDelete: 'cascade' }),
    /** Denormalized: a device's index loads by it. */
    deviceId: deviceRef(),
    ordinal: integer('ordinal').notNull(),
    page: integer('page'),
    heading: text('heading'),
    text: text('text').notNull(),
  },
  (t) => [
    index('mrc_passages_device_idx').on(t.deviceId),
    uniqueIndex('mrc_passages_document_idx').on(t.documentId, t.ordinal),
  ],
);

// ---------------------------------------------------------------- small talk

export const smallTalkSettings = pgTable('small_talk_settings', {
  deviceId: deviceRef().primaryKey(),
  isEnabledSmalltalk: boolean('is_enabled_smalltalk').notNull().default(true),
  isEnabledTopicFilter: boolean('is_enabled_topic_filter').notNull().default(false),
  prompt: text('prompt').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * A device's small-talk entries for one language, as one ordered list. A language with no row
 * still answers with the built-in starter set (modules/small-talk/starter.ts).
 */
export const smallTalkLists = pgTable(
  'small_talk_lists',
  {
    deviceId: deviceRef(),
    language: text('language').notNull(),
    /** `[{ id, questions, answer, speech }]`, ids unique within the list. */
    items: jsonb('items')
      .$type<Array<{ id: number; questions: string[]; answer: string; speech: string }>>()
      .notNull(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('small_talk_lists_pk_idx').on(t.deviceId, t.language)],
);

/** A language's topic filter: topics the device declines, and the speech and text it says instead. */
export const smallTalkTopicFilters = pgTable(
  'small_talk_topic_filters',
  {
    deviceId: deviceRef(),
    language: text('language').notNull(),
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    speech: text('speech').notNull().default(''),
    text: text('text').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('small_talk_topic_filters_pk_idx').on(t.deviceId, t.language)],
);

// ---------------------------------------------------------------- virtual avatars

/** What production made of a portrait: the texture's size, the landmarks in it, sampled colours. */
export interface AvatarModelData {
  width: number;
  height: number;
  landmarks: Array<[number, number]>;
  colors: { skin: string; lip: string; mouth: string };
  /** The crop of the photo the texture shows, in the photo's pixels. */
  crop: { left: number; top: number; width: number; height: number };
}

/**
 * A device's virtual avatars (Interface Settings → Virtual Avatar): each made from one portrait
 * photo by the `avatar-produce` job (modules/avatars). At most one per device is in use.
 */
export const avatars = pgTable(
  'avatars',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    name: text('name').notNull(),
    /** The portrait as uploaded (media pipeline). */
    photoMediaId: integer('photo_media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    /** The produced texture (head and shoulders, cropped and sized for the player). */
    textureMediaId: integer('texture_media_id').references(() => media.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'producing', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    progress: smallint('progress').notNull().default(0),
    failure: text('failure'),
    failureDetail: text('failure_detail'),
    isInUse: boolean('is_in_use').notNull().default(false),
    /** The face check's result on the photo (FaceCheck of the contracts). */
    face: jsonb('face').$type<Record<string, unknown>>(),
    model: jsonb('model').$type<AvatarModelData>(),
    productionMs: integer('production_ms'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    producedAt: timestamp('produced_at', { withTimezone: true }),
  },
  (t) => [
    index('avatars_device_idx').on(t.deviceId, t.id),
    uniqueIndex('avatars_in_use_idx')
      .on(t.deviceId)
      .where(sql`${t.isInUse}`),
    check('avatars_status_check', sql`${t.status} in ('queued', 'producing', 'ready', 'failed')`),
    check('avatars_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/** Short-lived tokens that let the avatar player (`/avatar-player/`) load one avatar's model. */
export const avatarTokens = pgTable(
  'avatar_tokens',
  {
    /** SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('avatar_tokens_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------- locations and maps (issue 18)

/** A device's floor plans, in floor order (`position`, 0 first): an image of the media pipeline. */
export const locationMaps = pgTable(
  'location_maps',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('location_maps_device_idx').on(t.deviceId, t.position)],
);

/** The layered tree of location categories of a device; names unique among siblings. */
export const locationCategories = pgTable(
  'location_categories',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    parentId: integer('parent_id').references((): AnyPgColumn => locationCategories.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('location_categories_name_idx').on(
      t.deviceId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('location_categories_parent_idx').on(t.parentId),
  ],
);

/** A location's details in one locale, as stored (LocationDetails of the contracts, without its locale). */
export interface StoredLocationDetails {
  name: string;
  address: string;
  phone_number: string;
  image: string;
  opening_hours: { day: string; start: string; end: string; overnight: boolean }[];
}

/**
 * A place of a device: its point on one of the device's maps (fractions 0 … 1 of the image; a map
 * in use cannot be deleted), details per locale, aliases. Names are unique per category (service).
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    name: text('name').notNull(),
    mapId: integer('map_id').references(() => locationMaps.id, { onDelete: 'restrict' }),
    poiX: real('poi_x'),
    poiY: real('poi_y'),
    image: text('image').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    selectedDetails: text('selected_details')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    details: jsonb('details').$type<Record<string, StoredLocationDetails>>().notNull().default({}),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_device_idx').on(t.deviceId, sql`lower(${t.name})`),
    index('locations_map_idx').on(t.mapId),
    check(
      'locations_poi_check',
      sql`(${t.mapId} is null and ${t.poiX} is null and ${t.poiY} is null) or (${t.mapId} is not null and ${t.poiX} between 0 and 1 and ${t.poiY} between 0 and 1)`,
    ),
  ],
);

/** Which categories a location is filed under. */
export const locationCategoryLinks = pgTable(
  'location_category_links',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => locationCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('location_category_links_pk_idx').on(t.locationId, t.categoryId),
    index('location_category_links_category_idx').on(t.categoryId),
  ],
);

/** Where a device itself stands on one of its maps (its "you are here"). */
export const kioskPositions = pgTable(
  'kiosk_positions',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    mapId: integer('map_id')
      .notNull()
      .references(() => locationMaps.id, { onDelete: 'cascade' }),
    x: real('x').notNull(),
    y: real('y').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('kiosk_positions_point_check', sql`${t.x} between 0 and 1 and ${t.y} between 0 and 1`)],
);

/** Raw bytes (a vector's float32 values, little-endian). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Sentence embeddings of a device's texts (taught phrases, aliases, location names and categories,
 * small-talk entries, document passages), stored so that start-up and rebuilds read them instead of
 * embedding again (nlu/vectors.ts). Keyed by the text's hash under one model: changing the model
 * embeds afresh beside the old vectors; a text no longer used is pruned by its source's next build.
 */
export const textVectors = pgTable(
  'text_vectors',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Which area's texts: topics, locations, small_talk, documents. */
    source: text('source').notNull(),
    model: text('model').notNull(),
    /** query or passage: e5-style models embed the two sides differently. */
    kind: text('kind').notNull(),
    /** sha256 of the text, hex. */
    textHash: text('text_hash').notNull(),
    dim: smallint('dim').notNull(),
    vector: bytea('vector').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('text_vectors_pk_idx').on(t.deviceId, t.source, t.model, t.kind, t.textHash)],
);
