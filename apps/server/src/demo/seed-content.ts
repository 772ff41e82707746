import {
  ZCreateCategoryRequest,
  ZCreateKeywordRequest,
  ZCreateResponseRequest,
  ZCreateTopicRequest,
  type DeviceKind,
} from '@ambassador/contracts';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { toSimplified } from '../matcher/text.js';
import {
  createResponsesRepo,
  createResponsesService,
  createTopicsRepo,
  createTopicsService,
  type AiChangeListener,
} from '../modules/ai/index.js';
import { DEMO_TOPICS, type DemoTopic } from './content.js';

export const DEMO_LANGUAGES = ['english', 'cantonese', 'mandarin'] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

/** Mandarin keywords, questions and answers: written out where the wording differs, else converted. */
export function inLanguage<T extends { english: unknown; cantonese: unknown; mandarin?: unknown }>(
  value: T,
  language: DemoLanguage,
): T['english'] {
  if (language !== 'mandarin') return value[language];
  if (value.mandarin !== undefined) return value.mandarin;
  const canto = value.cantonese;
  return (
    Array.isArray(canto) ? canto.map((s: string) => toSimplified(s)) : toSimplified(canto as string)
  ) as T['english'];
}

/**
 * Gives a device the demo topics through the same services the console's calls use (categories,
 * topics, sub-topics, keywords, responses for the device's kind, motions, related topics).
 */
export async function seedDemoContent(
  db: Db,
  clock: Clock,
  device: { id: number; kind: DeviceKind },
  listener: AiChangeListener = { changed: () => undefined },
) {
  const topicsRepo = createTopicsRepo(db);
  const topics = createTopicsService({ repo: topicsRepo, clock, listener });
  const responses = createResponsesService({
    repo: createResponsesRepo(db),
    topics: topicsRepo,
    clock,
    listener,
  });
  const categories = new Map<string, number>();

  async function addTopic(
    t: Omit<DemoTopic, 'category' | 'sub'>,
    placement: { category_id?: number; parent_id?: number },
  ) {
    const topic = await topics.createTopic(
      ZCreateTopicRequest.parse({ device_id: device.id, name: t.name, ...placement }),
    );
    for (const language of DEMO_LANGUAGES) {
      for (const text of inLanguage(t.keywords, language)) {
        await topics.addKeyword(
          ZCreateKeywordRequest.parse({ device_id: device.id, intent_id: topic.id, language, text }),
        );
      }
      await responses.create(
        ZCreateResponseRequest.parse({
          device_id: device.id,
          intent_id: topic.id,
          language,
          device_type: device.kind,
          speech: device.kind === 'ambassador' ? inLanguage(t.answer, language) : '',
          contents: [
            { type: 'text', values: [inLanguage(t.answer, language)] },
            ...(t.extra?.(language) ?? []),
          ],
        }),
      );
    }
    if (t.motion) await topics.setMotion(device.id, topic.id, t.motion);
    if (t.related)
      await topics.updateTopic({ device_id: device.id, id: topic.id, is_enabled_related_intents: true });
    return topic.id;
  }

  for (const t of DEMO_TOPICS) {
    let categoryId = categories.get(t.category);
    if (categoryId === undefined) {
      const created = await topics.createCategory(
        ZCreateCategoryRequest.parse({ device_id: device.id, name: t.category }),
      );
      categoryId = created.category_id;
      categories.set(t.category, categoryId);
    }
    const id = await addTopic(t, { category_id: categoryId });
    for (const sub of t.sub ?? []) await addTopic(sub, { parent_id: id });
  }
}
