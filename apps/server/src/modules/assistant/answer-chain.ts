import type {
  AnswerKind,
  AnswerStep,
  AnswerStepWhy,
  DeviceKind,
  DocumentSource,
  Language,
  LocationAnswer,
  TestConsoleResult,
} from '@ambassador/contracts';
import type { AnswerService } from '../ai/index.js';
import type { LocationStepResult } from '../locations/index.js';
import type { DocumentAnswer, DocumentAnswerer } from '../mrc/index.js';
import type { SmallTalkAnswering } from '../small-talk/index.js';

/** The device's documents answering a question; null: nothing to read. */
export type DocumentsStep = DocumentAnswerer;

/** What the topics answered: the AI answer service's result, without the chain's own fields. */
export type TopicAnswer = Awaited<ReturnType<AnswerService['ask']>>;

export interface ChainAnswer {
  answered_by: AnswerKind;
  /** The answer's text when a topic filter, the documents or small talk answered. */
  answer_text: string | null;
  /** What the avatar says instead of the text; null: it speaks the text. */
  answer_speech: string | null;
  source: DocumentSource | null;
  /** A location answer: the place, its map and point. */
  location: LocationAnswer | null;
  /** The location answered with (for the conversation log). */
  locationRef: { id: number; name: string } | null;
  /** The topics' result (empty when a topic filter declined before them). */
  topic: TopicAnswer;
  steps: AnswerStep[];
}

const NOT_ASKED: TopicAnswer = {
  fallback: true,
  threshold: 0,
  best: null,
  candidates: [],
  responses: [],
  related: [],
  avatar_motion: null,
};

/** What an answer has not when it does not come from that step. */
const none = {
  answer_text: null,
  answer_speech: null,
  source: null,
  location: null,
  locationRef: null,
} as const;

const step = (
  name: AnswerStep['step'],
  result: AnswerStep['result'],
  rest: Partial<Omit<AnswerStep, 'step' | 'result'>> = {},
): AnswerStep => ({ step: name, result, score: null, threshold: null, detail: null, why: null, ...rest });

/** Why documents good enough by their score did not answer, for the test console. */
function whyNot(doc: DocumentAnswer): AnswerStepWhy | null {
  if (doc.declined === 'model') return 'model_declined';
  const missing = doc.asked_for[0];
  return doc.declined === 'asked_for' && missing ? `missing_${missing}` : null;
}

/**
 * How a device answers a question, in order: its topic filter (when on) declines, a topic answers,
 * a location does ("where is …", modules/locations), its documents do, small talk does (when on), or it falls back. The device API and the test
 * console both run it; each step says what it found.
 */
export function createAnswerChain({
  answers,
  documents,
  smallTalk,
  locations,
}: {
  answers: Pick<AnswerService, 'ask'>;
  /** The device's locations answering a "where is …" question (modules/locations); none: the step is off. */
  locations?: (deviceId: number, language: Language, text: string) => Promise<LocationStepResult | null>;
  /** The device's documents (modules/mrc); none: the step is off. */
  documents?: DocumentsStep;
  smallTalk: (deviceId: number, language: Language) => Promise<SmallTalkAnswering>;
}) {
  return {
    async ask(
      device: { id: number; kind: DeviceKind },
      language: Language,
      text: string,
    ): Promise<ChainAnswer> {
      const talk = await smallTalk(device.id, language);
      const steps: AnswerStep[] = [];
      const skipRest = (from: number) => {
        const order = ['topic_filter', 'topics', 'locations', 'documents', 'small_talk', 'fallback'] as const;
        for (const name of order.slice(from)) steps.push(step(name, 'skipped'));
      };

      // 1. The topic filter: a filtered topic is declined whatever else would answer.
      const declined = talk.filterOn ? talk.declines(text) : null;
      if (declined) {
        steps.push(step('topic_filter', 'declined', { detail: declined.topic }));
        skipRest(1);
        return {
          ...none,
          answered_by: 'declined',
          answer_text: declined.text,
          answer_speech: declined.speech || null,
          source: null,
          topic: NOT_ASKED,
          steps,
        };
      }
      steps.push(step('topic_filter', talk.filterOn ? 'no_match' : 'off'));

      // 2. Topics.
      const topic = await answers.ask(device.id, device.kind, language, text);
      const top = topic.best ?? topic.candidates[0] ?? null;
      const topicStep = {
        score: top?.score ?? null,
        threshold: topic.threshold,
        detail: top?.intent_name ?? null,
      };
      if (!topic.fallback && topic.best) {
        steps.push(step('topics', 'answered', topicStep));
        skipRest(2);
        return { ...none, answered_by: 'topic', topic, steps };
      }
      steps.push(step('topics', 'no_match', topicStep));

      // 3. Locations: a "where is …" naming a place of the device.
      const place = locations ? await locations(device.id, language, text) : null;
      if (!place) steps.push(step('locations', 'off'));
      else if (!place.hit) steps.push(step('locations', 'no_match'));
      else {
        const { hit } = place;
        steps.push(step('locations', 'answered', { score: hit.score, detail: hit.location.name }));
        skipRest(3);
        return {
          ...none,
          answered_by: 'location',
          answer_text: hit.text,
          location: hit.answer,
          locationRef: { id: hit.location.id, name: hit.location.name },
          topic,
          steps,
        };
      }

      // 4. Documents.
      const doc = documents ? await documents(device.id, language, text) : null;
      if (!doc) steps.push(step('documents', 'off'));
      else {
        const detail = doc.source
          ? `${doc.source.filename}${doc.source.page === null ? '' : ` p. ${doc.source.page}`}`
          : null;
        const found = { score: doc.score, threshold: doc.threshold, detail };
        if (doc.answered && doc.text) {
          steps.push(step('documents', 'answered', found));
          skipRest(4);
          return {
            ...none,
            answered_by: 'document',
            answer_text: doc.text,
            answer_speech: null,
            source: doc.source,
            topic,
            steps,
          };
        }
        steps.push(step('documents', 'no_match', { ...found, why: whyNot(doc) }));
      }

      // 4. Small talk.
      if (!talk.smallTalkOn) steps.push(step('small_talk', 'off'));
      else {
        const { match, threshold } = talk.reply(text);
        const found = { score: match?.score ?? null, threshold, detail: match?.question ?? null };
        if (match && match.score >= threshold) {
          steps.push(step('small_talk', 'answered', found));
          skipRest(5);
          return {
            ...none,
            answered_by: 'small_talk',
            answer_text: match.answer,
            answer_speech: match.speech || null,
            source: null,
            topic,
            steps,
          };
        }
        steps.push(step('small_talk', match ? 'no_match' : 'off', found));
      }

      // 5. Nothing did.
      steps.push(step('fallback', 'answered'));
      return { ...none, answered_by: 'fallback', topic, steps };
    },
  };
}

export type AnswerChain = ReturnType<typeof createAnswerChain>;

/** The test console's answer: the topics' fields (`fallback`: no topic matched), and the chain's. */
export function testConsoleResult(answer: ChainAnswer): TestConsoleResult {
  return {
    ...answer.topic,
    answered_by: answer.answered_by,
    answer_text: answer.answer_text,
    source: answer.source,
    steps: answer.steps,
  };
}
