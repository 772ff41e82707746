import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type {
  AiResponse,
  AnswerKind,
  AskResult,
  DeviceConfig,
  KioskParts,
  Language,
  VisitorSession,
  ZAskRequest,
  ZRateRequest,
} from '@ambassador/contracts';
import { SUGGESTIONS_MAX, ZKioskParts } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { TopicsRepo } from '../ai/index.js';
import type { AnswerChain } from '../assistant/index.js';
import type { DeviceContext } from '../devices/index.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { CANDIDATE_REACH } from '../../matcher/index.js';
import { createConversationWriter } from './log-writer.js';
import { createLogOutbox, type LogFailureSink } from './log-outbox.js';
import type { JobQueue } from '../../jobs/types.js';
import type { ConversationLog, DeviceApiRepo } from './repo.js';
import { FALLBACK, WELCOME } from './messages.js';

export type { LogFailureSink };

/**
 * Open visitor sessions are remembered this long (and this many), so a question needs no session
 * read. Ending one forgets it on every instance (over the event bus); the limit bounds how long
 * another instance could miss that if the bus were down.
 */
const SESSION_CACHE_MS = 5 * 60_000;
/** The chat suggests what visitors asked most over this many days. */
const SUGGESTIONS_DAYS = 30;
const SESSION_CACHE_MAX = 50_000;
/** Each live part's default, read once from the contract. */
const KIOSK_DEFAULTS = ZKioskParts.parse({});

/** The conversation status each way of answering is logged with. */
const STATUS: Record<AnswerKind, ConversationLog['status']> = {
  topic: 'answered',
  location: 'location',
  document: 'document',
  small_talk: 'small_talk',
  declined: 'declined',
  fallback: 'fallback',
};

/** What a conversation row shows as the reply: the answer's text, or what else it showed. */
export function replyText(responses: AiResponse[]): string {
  const parts: string[] = [];
  for (const r of responses) {
    for (const c of r.contents) {
      if (c.type === 'text') parts.push(...c.values);
      else if (c.type === 'buttons')
        parts.push(
          `[${c.values
            .map((b) => b.text)
            .filter(Boolean)
            .join(' | ')}]`,
        );
      else if (c.type === 'image') parts.push('[image]');
      else if (c.type === 'cards') parts.push(`[${c.cards.map((card) => card.title).join(' | ')}]`);
      else if (c.type === 'list') parts.push(`[${c.elements.map((e) => e.title).join(' | ')}]`);
      else parts.push(`[${c.title}]`);
    }
    if (parts.length === 0 && r.speech) parts.push(r.speech);
  }
  return parts.join('\n').slice(0, 4000);
}

const sessionOut = (row: {
  id: string;
  language: string;
  startedAt: Date | string;
  endedAt: Date | string | null;
  questions: number;
}): VisitorSession => ({
  session_id: row.id,
  language: row.language as Language,
  started_at: new Date(row.startedAt).toISOString(),
  ended_at: row.endedAt === null ? null : new Date(row.endedAt).toISOString(),
  questions: row.questions,
});

/**
 * What a device does with the API: its configuration, visitor sessions, questions answered by the
 * matcher and logged as conversations, ratings. The visitor's answer never waits on, nor fails
 * with, the log: a failed write is retried in the background under the same idempotency key.
 */
export function createDeviceApiService({
  repo,
  answers,
  topics,
  kioskParts,
  clock,
  log,
  jobs,
  sessionEnded,
  announceSessionEnded,
  onAsked = () => undefined,
}: {
  repo: DeviceApiRepo;
  /**
   * The answering chain: its steps in order (topic filter, named location, topics, locations,
   * documents, small talk), then the fallback.
   */
  answers: Pick<AnswerChain, 'ask'>;
  topics: Pick<TopicsRepo, 'settings'>;
  /**
   * The live parts of the device's configuration (sections, banners, idle screen, event, avatar),
   * each read from the area that owns it (`core.kioskParts`); a part none gives is its default.
   */
  kioskParts: (deviceId: number) => Promise<Partial<KioskParts>>;
  clock: Clock;
  log: LogFailureSink;
  /** Where a conversation row whose write failed waits to be written again (log-outbox.ts). */
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  /** What else ends with a visitor session (the staff chats linked to it). */
  sessionEnded: (device: DeviceContext, sessionId: string) => Promise<unknown>;
  /** Tells every instance a session ended (they call `forgetSession`); alone, this one forgets it. */
  announceSessionEnded?: (sessionId: string) => void;
  /** Told how each question was answered (/metrics counts them). */
  onAsked?: (kind: AnswerKind) => void;
}) {
  // Questions that arrive together are logged together, one INSERT per batch.
  const writer = createConversationWriter((rows) => repo.logConversations(rows));
  const outbox = createLogOutbox({ jobs, write: (row) => repo.logConversation(row), log });
  /** Open sessions this instance has seen: id → its device. */
  const openSessions = createTtlCache<string, number>({ ttlMs: SESSION_CACHE_MS, max: SESSION_CACHE_MAX });
  const forgetSession = (sessionId: string) => openSessions.delete(sessionId);
  const announce = announceSessionEnded ?? forgetSession;
  const rememberSession = (deviceId: number, sessionId: string) => openSessions.set(sessionId, deviceId);

  function offered(device: DeviceContext, language: Language) {
    if (!device.languages.includes(language)) {
      throw badRequest(`This device does not offer ${language}.`, 'language_not_offered');
    }
  }

  async function openSession(device: DeviceContext, sessionId: string) {
    if (openSessions.get(sessionId) === device.id) return;
    const session = await repo.findSession(device.id, sessionId);
    if (!session) throw notFound('Unknown session. Start a new one.');
    if (session.endedAt) throw new AppError(409, 'session_ended', 'This session has ended. Start a new one.');
    rememberSession(device.id, sessionId);
  }

  return {
    async config(device: DeviceContext): Promise<DeviceConfig> {
      const [settings, parts] = await Promise.all([topics.settings(device.id), kioskParts(device.id)]);
      // A part no area gives gets its default from the contract (the answer is checked on its way out).
      const live = { ...KIOSK_DEFAULTS, ...parts };
      const pick = (table: Record<Language, string>) =>
        Object.fromEntries(device.languages.map((l) => [l, table[l]])) as Partial<Record<Language, string>>;
      return {
        device: {
          id: device.id,
          description: device.description,
          kind: device.kind,
          languages: device.languages,
          default_language: device.languages[0] ?? 'english',
        },
        project: { id: device.projectId, name: device.projectName },
        settings: { is_enabled_related_intents: settings?.isEnabledRelatedIntents ?? true },
        messages: { welcome: pick(WELCOME), fallback: pick(FALLBACK) },
        ...live,
      };
    },

    /** What the chat suggests before the first question (distinct, in the asked language). */
    async suggestions(device: DeviceContext, language: Language) {
      offered(device, language);
      const since = new Date(clock.now().getTime() - SUGGESTIONS_DAYS * 86_400_000);
      const texts = await repo.suggestions(device.id, language, since, SUGGESTIONS_MAX * 3);
      const seen = new Set<string>();
      return texts
        .filter((text) => {
          const key = text.trim().toLowerCase();
          if (!key || seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .slice(0, SUGGESTIONS_MAX);
    },

    async startSession(device: DeviceContext, language: Language) {
      offered(device, language);
      const row = await repo.startSession({
        id: randomUUID(),
        deviceId: device.id,
        language,
        at: clock.now(),
      });
      rememberSession(device.id, row.id);
      return sessionOut(row);
    },

    async endSession(device: DeviceContext, sessionId: string) {
      const row = await repo.endSession(device.id, sessionId, clock.now());
      if (!row) throw notFound('Unknown session.');
      // Here at once and on the other instances, so no instance answers in it any longer.
      forgetSession(sessionId);
      announce(sessionId);
      // Also when the session had ended already: a retry after a failure here still ends the chats.
      await sessionEnded(device, sessionId);
      return sessionOut(row);
    },

    async ask(
      device: DeviceContext,
      input: z.output<typeof ZAskRequest>,
      idempotencyKey: string | undefined,
    ): Promise<AskResult> {
      const started = performance.now();
      const at = clock.now();
      offered(device, input.language);
      await openSession(device, input.session_id);
      const chain = await answers.ask(device, input.language, input.text);
      // The visitor wrote in another language the device offers: the session goes on in it.
      const language = chain.language;
      if (language !== input.language) await repo.setSessionLanguage(device.id, input.session_id, language);
      const answer = chain.topic;
      const by = chain.answered_by;
      const best = by === 'topic' ? answer.best : null;
      // A fallback keeps its closest topic for review to teach, when it came within reach of the
      // threshold; a farther one is rarely right, and the question goes to the unanswered groups.
      const top = by === 'fallback' ? answer.candidates[0] : undefined;
      const candidate = top && top.score > 0 && top.score >= answer.threshold * CANDIDATE_REACH ? top : null;
      const fallbackText = by === 'fallback' ? FALLBACK[language] : null;
      const responseTimeMs = Math.round(performance.now() - started);
      onAsked(by);
      const stepScore =
        chain.steps.find((s) => s.result === 'answered' && s.step !== 'fallback')?.score ?? null;
      const row: ConversationLog = {
        deviceId: device.id,
        sessionId: input.session_id,
        at,
        acquire: input.text,
        reply: best ? replyText(answer.responses) : (chain.answer_text ?? fallbackText!).slice(0, 4000),
        language,
        intentId: best?.intent_id ?? null,
        intentName: best?.intent_name ?? chain.locationRef?.name ?? null,
        locationId: chain.locationRef?.id ?? null,
        responseTimeMs,
        // A fallback's is its closest topic's, within reach or not (how far it fell short).
        score: best?.score ?? (top && top.score > 0 ? top.score : null) ?? stepScore,
        status: STATUS[by],
        source: chain.source,
        candidateIntentId: candidate?.intent_id ?? null,
        steps: chain.steps,
        // Without a key from the device, one of ours still makes background retries count once.
        idempotencyKey: idempotencyKey ?? `server:${randomUUID()}`,
      };
      let conversationId: number | null = null;
      try {
        conversationId = await writer.write(row);
      } catch (err) {
        log.warn(
          { err, deviceId: device.id },
          'logging a conversation failed; answering anyway and retrying',
        );
        await outbox.keep(row);
      }
      return {
        conversation_id: conversationId,
        fallback: by === 'fallback',
        intent: best ? { id: best.intent_id, name: best.intent_name, score: best.score } : null,
        fallback_text: fallbackText,
        responses: best ? answer.responses : [],
        related: best ? answer.related : [],
        avatar_motion: best ? answer.avatar_motion : null,
        response_time_ms: responseTimeMs,
        answered_by: by,
        answer_text: chain.answer_text,
        answer_speech: chain.answer_speech,
        source: chain.source,
        location: chain.location,
        language,
      };
    },

    async rate(device: DeviceContext, conversationId: number, input: z.output<typeof ZRateRequest>) {
      const row = await repo.rate(device.id, conversationId, input.rating, input.comment);
      if (!row) throw notFound('Conversation not found.');
      return { conversation_id: row.id, rating: row.rating as 1 | -1, comment: row.comment };
    },

    /** A session ended on another instance. */
    forgetSession,
    /** Rows held in memory because even the outbox could not be written (tests). */
    heldLogs: outbox.held,
    flushLogs: outbox.flush,
    close: outbox.close,
  };
}

export type DeviceApiService = ReturnType<typeof createDeviceApiService>;
