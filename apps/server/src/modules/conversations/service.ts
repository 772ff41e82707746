import { PassThrough } from 'node:stream';
import {
  SESSION_MAX_CONVERSATIONS,
  XLSX_MAX_ROWS,
  type Conversation,
  type ConversationFilter,
  type Language,
  type Rating,
  type ZConversationsExportQuery,
  type ZFallbackGroupsQuery,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../auth/index.js';
import type { TopicsService } from '../ai/index.js';
import type { VectorService } from '../../nlu/vectors.js';
import { createFallbackGroups } from './fallback-groups.js';
import { dayRange, rethrowUnknownZone } from '../../lib/day-range.js';
import type { ConversationRow, ConversationsRepo, ConversationWhere } from './repo.js';
import { exportInWorker } from './export-in-worker.js';
import type { ExportOptions } from './xlsx-export.js';

type ExportFilter = z.output<typeof ZConversationsExportQuery>;

/** What a training phrase may be (ZKeywordText). */
const TRAIN_MAX_CHARS = 200;

export const DEFAULT_EXPORT: ExportOptions = {
  rowsPerSheet: XLSX_MAX_ROWS - 1,
  batchSize: 2_000,
  sortedBatchSize: 10_000,
  zipBacklogBytes: 1024 * 1024,
  workerHeapMb: 64,
};

export function toConversation(r: ConversationRow): Conversation {
  return {
    id: r.id,
    datetime: r.at.toISOString(),
    acquire: r.acquire,
    reply: r.reply,
    language: r.language as Language,
    intent_id: r.intentId,
    intent_identified: r.intentName,
    category: r.categoryName,
    response_time: r.responseTimeMs,
    score: r.score,
    status: r.status,
    device_id: r.deviceId,
    device_name: r.deviceName,
    rating: r.rating as Rating | null,
    comment: r.comment,
    bookmarked: r.bookmarked,
    session_id: r.sessionId,
    trained_intent:
      r.trainedIntentId === null || r.trainedIntentName === null
        ? null
        : { id: r.trainedIntentId, name: r.trainedIntentName },
    candidate:
      r.candidateIntentId === null || r.candidateIntentName === null
        ? null
        : { id: r.candidateIntentId, name: r.candidateIntentName },
    source: r.source ? { ...r.source, language: r.source.language ?? null } : null,
    steps: r.steps ?? null,
  };
}

const conversationMissing = () => notFound('Conversation not found');

/** Conversation review of the visitors' questions: list, bookmark, categories, train, export. */
export function createConversationsService({
  repo,
  topics,
  vectors,
  clock,
  log,
  exportOptions = {},
}: {
  repo: ConversationsRepo;
  topics: Pick<TopicsService, 'train' | 'createTopic'>;
  /** The stored sentence vectors, for fallbacks grouped by meaning (absent: by wording). */
  vectors?: Pick<VectorService, 'lookup' | 'background' | 'model'>;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
  exportOptions?: Partial<ExportOptions>;
}) {
  const exporting = { ...DEFAULT_EXPORT, ...exportOptions };
  const fallbacks = createFallbackGroups({ repo, vectors, topics, clock });

  /** The guard checks `device_id`; the listed devices are checked here. */
  async function mustOwnDevices(actor: AuthContext, ids: number[]) {
    const unique = [...new Set(ids)];
    if ((await repo.projectDevices(actor.projectId, unique)) !== unique.length) {
      throw forbidden('This device is not in your project.');
    }
    return unique;
  }

  async function whereOf(actor: AuthContext, f: ExportFilter): Promise<ConversationWhere> {
    const range = dayRange(f);
    return {
      deviceIds: await mustOwnDevices(actor, f.device_ids),
      range,
      bookmarked: f.bookmarked,
      fallback: f.fallback,
      candidate: f.candidate,
      categories: f.category,
      exclude: f.exclude,
      search: f.search || undefined,
      topicId: f.topic_id,
      locationId: f.location_id,
    };
  }

  async function mustConversation(actor: AuthContext, id: number) {
    const row = await repo.one(actor.projectId, id);
    if (!row) throw conversationMissing();
    return row;
  }

  return {
    async list(actor: AuthContext, f: ConversationFilter) {
      const where = await whereOf(actor, f);
      const { rows, total } = await repo
        .page(where, { sortBy: f.sort_by, order: f.order }, f.limit, f.offset)
        .catch(rethrowUnknownZone);
      return { conversations: rows.map(toConversation), total };
    },

    async bookmark(actor: AuthContext, id: number, bookmarked: boolean) {
      if (!(await repo.setBookmark(actor.projectId, id, bookmarked))) throw conversationMissing();
      return toConversation(await mustConversation(actor, id));
    },

    /** The questions of the visitor session the conversation was asked in, oldest first. */
    async session(actor: AuthContext, id: number) {
      const row = await mustConversation(actor, id);
      if (row.sessionId === null) return [toConversation(row)];
      const rows = await repo.session(row.deviceId, row.sessionId, SESSION_MAX_CONVERSATIONS);
      return rows.map(toConversation);
    },

    /** Names the category filter offers, sorted (a category deleted since still filters old rows). */
    async categories(actor: AuthContext, deviceIds: number[]) {
      const names = await repo.categoryNames(await mustOwnDevices(actor, deviceIds));
      const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
      return [...new Set(names)].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
    },

    /** What visitors asked that nothing answered, grouped by meaning, largest group first. */
    async fallbackGroups(actor: AuthContext, f: z.output<typeof ZFallbackGroupsQuery>) {
      return fallbacks.groups(await mustOwnDevices(actor, f.device_ids), f);
    },

    /** A topic made from a group of fallbacks (the guard checked the device is the caller's). */
    topicFromGroup: fallbacks.createTopic,

    /**
     * The question becomes a training phrase of the topic, in its language, so the same question
     * matches from now on. Training again, or into a topic that already knows the phrase, is fine.
     */
    async train(actor: AuthContext, id: number, topicId: number) {
      const row = await mustConversation(actor, id);
      const topic = await repo.topic(row.deviceId, topicId);
      if (!topic) {
        throw badRequest(
          `That question topic does not belong to ${row.deviceName}, the device this conversation was on.`,
          'topic_not_on_device',
        );
      }
      const text = row.acquire.trim();
      if (text.length === 0)
        throw badRequest('This conversation has no question to train.', 'nothing_to_train');
      if (text.length > TRAIN_MAX_CHARS) {
        throw badRequest(
          `This question is too long to train: a training phrase has at most ${TRAIN_MAX_CHARS} characters.`,
          'question_too_long',
        );
      }
      try {
        await topics.train({
          device_id: row.deviceId,
          intent_id: topic.id,
          language: row.language as Language,
          text,
        });
      } catch (e) {
        // The topic already knows this phrase: that is what the operator wanted.
        if (!(e instanceof AppError && e.code === 'keyword_exists')) throw e;
      }
      await repo.setTrained(row.id, topic.id, clock.now());
      return toConversation(await mustConversation(actor, id));
    },

    /**
     * The filtered conversations as an xlsx stream, in the requested order, read in keyset
     * batches on (sort value, id). Datetime (the default) walks the (device_id, at, id) index;
     * another order sorts the rest of the range per batch. Checks and the first read happen
     * before anything is sent, so they still fail as JSON errors; a failure later is logged and
     * cuts the download off.
     */
    async export(actor: AuthContext, f: ExportFilter) {
      const where = await whereOf(actor, f);
      const order = { sortBy: f.sort_by, order: f.order };
      const batchSize = f.sort_by === 'datetime' ? exporting.batchSize : exporting.sortedBatchSize;
      const read = (cursor?: Parameters<ConversationsRepo['exportBatch']>[2]) =>
        repo.exportBatch(where, order, cursor, batchSize);
      const first = await read().catch(rethrowUnknownZone);
      const stream = new PassThrough();
      exportInWorker(stream, where.range.tz, first, read, { ...exporting, batchSize }).catch(
        (err: unknown) => {
          log.error({ err }, 'conversation export failed while streaming');
          stream.destroy(err instanceof Error ? err : new Error(String(err)));
        },
      );
      return { filename: `${f.start_datetime}-${f.end_datetime}-Conversation.xlsx`, stream };
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
