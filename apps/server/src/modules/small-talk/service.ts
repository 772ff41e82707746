import {
  DEFAULT_SMALL_TALK_LANGUAGE,
  type Language,
  type SmallTalkQuestions,
  type SmallTalkSettings,
  type TopicFilter,
  type ZSmallTalkQuestionsRequest,
  type ZSmallTalkSettingsRequest,
  type ZTopicFilterRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { createDeviceCache } from '../../lib/device-cache.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { failedRule, invalidInput } from '../../lib/validate.js';
import type { VectorService } from '../../nlu/vectors.js';
import {
  foldTopic,
  SMALL_TALK_THRESHOLD,
  smallTalkMatcher,
  topicFilterMatcher,
  type SmallTalkVectors,
} from './matching.js';
import type { SmallTalkListRow, SmallTalkRepo, SmallTalkSettingsRow, TopicFilterRow } from './repo.js';
import { starterItems, type StoredSmallTalkItem } from './starter.js';

/** The device as small talk needs it: the languages it offers, its default first. */
export interface SmallTalkDevice {
  id: number;
  /** As the device row holds them: languages of the contract. */
  languages: readonly string[];
}

const DEFAULTS: SmallTalkSettingsRow = { isEnabledSmalltalk: true, isEnabledTopicFilter: false, prompt: '' };

/**
 * How long a device's small talk is answered from memory without a change being heard: changes reach
 * every instance over the event bus at once, so this only bounds staleness when a message is lost.
 */
const ANSWERING_TTL_MS = 60_000;
/** Devices whose small talk is held (a few KB each: settings, filters and lists). */
const ANSWERING_MAX_DEVICES = 5_000;

/** A device's small talk as its questions are answered from: read once, held until it changes. */
interface DeviceSmallTalk {
  settings: SmallTalkSettingsRow;
  filters: Map<string, TopicFilterRow>;
  lists: Map<string, SmallTalkListRow>;
  /** Each language's topic filter matcher, made at its first question. */
  declines: Map<string, (text: string) => string | null>;
}

const settingsOut = (row: SmallTalkSettingsRow): SmallTalkSettings => ({
  is_enabled_smalltalk: row.isEnabledSmalltalk,
  is_enabled_topic_filter: row.isEnabledTopicFilter,
});

/** What the answering chain asks of small talk, for one device and language. */
export interface SmallTalkAnswering {
  smallTalkOn: boolean;
  /** On and with at least one topic. */
  filterOn: boolean;
  /** The filtered topic a question mentions, with what the device says instead; null when none. */
  declines(text: string): { topic: string; text: string; speech: string } | null;
  /**
   * The closest entry, whatever its score (null when the list is empty), and the score it needs;
   * with the question's vector `q`, by meaning too.
   */
  reply(
    text: string,
    q?: Float32Array | null,
  ): {
    match: { question: string; answer: string; speech: string; score: number } | null;
    threshold: number;
  };
}

/**
 * Small talk: the switches, the entries per language (the built-in starter set
 * while a language saved none), the topic filters, the prompt, and how a question is answered by
 * them (`answering`, for modules/assistant).
 */
export function createSmallTalkService({
  repo,
  clock,
  vectors,
  onChanged,
}: {
  repo: SmallTalkRepo;
  clock: Clock;
  /** The entries' questions compared by meaning too (stored vectors); none: by words only. */
  vectors?: Pick<VectorService, 'lookup' | 'background' | 'model'>;
  /**
   * A device's small talk (settings, lists, topic filters) changed: every instance must `forget`
   * what it holds of it (module.ts, over the event bus). Alone, this instance forgets it itself.
   */
  onChanged?: (deviceId: number) => void;
}) {
  /** What questions are answered from, per device: an ask reads no small talk from the database. */
  const answeringData = createDeviceCache<DeviceSmallTalk>({
    load: async (deviceId) => {
      const [settings, filters, lists] = await Promise.all([
        repo.settings(deviceId),
        repo.filters(deviceId),
        repo.lists(deviceId),
      ]);
      return {
        settings: settings ?? DEFAULTS,
        filters: new Map(filters.map((f) => [f.language, f])),
        lists: new Map(lists.map(({ language, ...list }) => [language, list])),
        declines: new Map(),
      };
    },
    ttlMs: ANSWERING_TTL_MS,
    max: ANSWERING_MAX_DEVICES,
  });
  /** After every write: here at once, then on every instance. */
  const changed = (deviceId: number) => {
    answeringData.forget(deviceId);
    onChanged?.(deviceId);
  };

  /**
   * A list's matcher, by device, language, the list's version and the model: saved lists are read
   * each question, featurized once. Until a list's questions are embedded (in the background, the
   * first time) it compares by words.
   */
  const matchers = createTtlCache<string, ReturnType<typeof smallTalkMatcher>>({
    ttlMs: 3_600_000,
    max: 2_000,
  });
  const embedding = new Set<string>();

  async function vectorsOf(
    deviceId: number,
    items: readonly StoredSmallTalkItem[],
    embed: boolean,
  ): Promise<SmallTalkVectors | null> {
    if (!vectors) return null;
    const background = await vectors.background();
    if (!background) return null;
    const questions = items.flatMap((i) => i.questions);
    const found = await vectors.lookup(deviceId, 'small_talk', 'query', questions, { embed });
    return found?.complete ? { questions: found.vectors, background } : null;
  }

  function languageOf(device: SmallTalkDevice, asked: Language | undefined): Language {
    if (asked !== undefined) {
      if (!device.languages.includes(asked)) {
        throw badRequest(`This device does not offer ${asked}.`, 'language_not_offered');
      }
      return asked;
    }
    return device.languages.includes(DEFAULT_SMALL_TALK_LANGUAGE)
      ? DEFAULT_SMALL_TALK_LANGUAGE
      : ((device.languages[0] as Language | undefined) ?? DEFAULT_SMALL_TALK_LANGUAGE);
  }

  async function settingsRow(deviceId: number) {
    return (await repo.settings(deviceId)) ?? DEFAULTS;
  }

  async function currentItems(deviceId: number, language: Language) {
    const saved = await repo.list(deviceId, language);
    return { items: saved?.items ?? starterItems(language), saved };
  }

  async function matcherOf(
    deviceId: number,
    language: Language,
    saved: Awaited<ReturnType<SmallTalkRepo['list']>>,
  ) {
    const version = saved ? new Date(saved.updatedAt).getTime() : 'starter';
    const key = `${deviceId}:${language}:${version}:${vectors?.model() ?? ''}`;
    const known = matchers.get(key);
    if (known) return known;
    const items = saved?.items ?? starterItems(language);
    const stored = await vectorsOf(deviceId, items, false);
    const m = smallTalkMatcher(items, stored);
    matchers.set(key, m);
    // Questions never embedded under this model are, once, in the background; the list answers by
    // words meanwhile and by meaning from the next question on.
    if (vectors?.model() && !stored && !embedding.has(key)) {
      embedding.add(key);
      void vectorsOf(deviceId, items, true)
        .then((found) => {
          if (found) matchers.set(key, smallTalkMatcher(items, found));
        })
        .catch(() => undefined)
        .finally(() => embedding.delete(key));
    }
    return m;
  }

  return {
    async settings(deviceId: number): Promise<SmallTalkSettings> {
      return settingsOut(await settingsRow(deviceId));
    },

    async saveSettings(input: z.output<typeof ZSmallTalkSettingsRequest>): Promise<SmallTalkSettings> {
      const change: Partial<SmallTalkSettingsRow> = {};
      if (input.is_enabled_smalltalk !== undefined) change.isEnabledSmalltalk = input.is_enabled_smalltalk;
      if (input.is_enabled_topic_filter !== undefined)
        change.isEnabledTopicFilter = input.is_enabled_topic_filter;
      if (Object.keys(change).length === 0) return settingsOut(await settingsRow(input.device_id));
      const row = await repo.saveSettings(input.device_id, change, clock.now());
      changed(input.device_id);
      return settingsOut(row);
    },

    async questions(device: SmallTalkDevice, asked?: Language): Promise<SmallTalkQuestions> {
      const language = languageOf(device, asked);
      const { items, saved } = await currentItems(device.id, language);
      return {
        language,
        items,
        is_starter: !saved,
        updated_at: saved ? new Date(saved.updatedAt).toISOString() : null,
      };
    },

    /**
     * Replaces a language's list: edited entries keep their ids (those of the list as it is, the
     * starter set's included), new ones get fresh ids. `reset` gives the language the starter set again.
     */
    async saveQuestions(
      device: SmallTalkDevice,
      userId: number,
      input: z.output<typeof ZSmallTalkQuestionsRequest>,
    ): Promise<SmallTalkQuestions> {
      const language = languageOf(device, input.language);
      if (input.reset) {
        await repo.removeList(device.id, language);
        changed(device.id);
        return { language, items: starterItems(language), is_starter: true, updated_at: null };
      }
      const { items: current } = await currentItems(device.id, language);
      const known = new Set(current.map((item) => item.id));
      const kept = new Set<number>();
      for (const item of input.items) {
        if (item.id !== undefined && known.has(item.id)) kept.add(item.id);
      }
      let next = Math.max(0, ...current.map((i) => i.id), ...kept);
      const used = new Set<number>();
      const items: StoredSmallTalkItem[] = input.items.map((item) => {
        const keep = item.id !== undefined && kept.has(item.id) && !used.has(item.id);
        const id = keep ? item.id! : ++next;
        used.add(id);
        return { id, questions: item.questions, answer: item.answer, speech: item.speech };
      });
      const row = await repo.saveList(device.id, language, items, clock.now(), userId);
      changed(device.id);
      return {
        language,
        items: row.items,
        is_starter: false,
        updated_at: new Date(row.updatedAt).toISOString(),
      };
    },

    /** One filter per language the device offers, in its order; a language that saved none is empty. */
    async topicFilters(device: SmallTalkDevice): Promise<TopicFilter[]> {
      const saved = new Map((await repo.filters(device.id)).map((f) => [f.language, f]));
      return (device.languages as readonly Language[]).map((language) => {
        const f = saved.get(language);
        return { language, topics: f?.topics ?? [], speech: f?.speech ?? '', text: f?.text ?? '' };
      });
    },

    /** Saves one language's filter: topics need a text to decline with; topics alike once folded are one. */
    async saveTopicFilter(
      device: SmallTalkDevice,
      input: z.output<typeof ZTopicFilterRequest>,
    ): Promise<TopicFilter> {
      const language = languageOf(device, input.language);
      const seen = new Set<string>();
      const topics = input.topics.filter((topic) => {
        const key = foldTopic(topic) || topic;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (topics.length > 0 && input.text === '') {
        throw invalidInput([failedRule('text', 'field_required')]);
      }
      const filter = { language, topics, speech: input.speech, text: input.text };
      await repo.saveFilter(device.id, filter, clock.now());
      changed(device.id);
      return filter;
    },

    async prompt(deviceId: number) {
      return { prompt: (await settingsRow(deviceId)).prompt };
    },

    async savePrompt(deviceId: number, prompt: string) {
      const row = await repo.saveSettings(deviceId, { prompt }, clock.now());
      changed(deviceId);
      return { prompt: row.prompt };
    },

    /** Another instance changed the device's small talk, or the device changed or went (module.ts). */
    forget: (deviceId: number) => answeringData.forget(deviceId),

    /** What answering a question needs of the device's small talk in a language (held in memory). */
    async answering(deviceId: number, language: Language): Promise<SmallTalkAnswering> {
      const held = await answeringData.get(deviceId);
      const { settings } = held;
      const filter = held.filters.get(language);
      const list = held.lists.get(language) ?? null;
      const matcher = settings.isEnabledSmalltalk ? await matcherOf(deviceId, language, list) : null;
      const filterOn = settings.isEnabledTopicFilter && !!filter && filter.topics.length > 0;
      const declined =
        held.declines.get(language) ?? (filterOn ? topicFilterMatcher(filter.topics) : () => null);
      held.declines.set(language, declined);
      return {
        smallTalkOn: settings.isEnabledSmalltalk,
        filterOn,
        declines(text) {
          const topic = declined(text);
          return topic === null ? null : { topic, text: filter!.text, speech: filter!.speech };
        },
        reply(text, q) {
          const best = matcher?.best(text, q) ?? null;
          return {
            match: best && {
              question: best.question,
              answer: best.item.answer,
              speech: best.item.speech,
              score: best.score,
            },
            threshold: SMALL_TALK_THRESHOLD,
          };
        },
      };
    },
  };
}

export type SmallTalkService = ReturnType<typeof createSmallTalkService>;
