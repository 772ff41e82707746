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
import { questionLanguage } from './question-language.js';

/** What the topics answered: the test console's fields but the chain's own. */
export type TopicAnswer = Omit<
  TestConsoleResult,
  'answered_by' | 'answer_text' | 'source' | 'steps' | 'language'
>;

/** The question a device asks its chain. */
export interface Question {
  /** With the languages it offers, a question written in another of them is answered in it. */
  device: { id: number; kind: DeviceKind; languages?: readonly Language[] };
  /** The language answered in: the session's, or the one the visitor wrote in. */
  language: Language;
  text: string;
  /** The test console trying the draft: steps with a published version answer from the edits. */
  draft?: boolean;
}

/** An answer a step gives, of its kind: what the kiosk shows and the avatar says. */
export interface StepAnswer {
  kind: Exclude<AnswerKind, 'fallback'>;
  /** The answer's text (a topic's answer is its responses, in `topic`). */
  text?: string | null;
  /** What the avatar says instead of the text; null: it speaks the text. */
  speech?: string | null;
  source?: DocumentSource | null;
  location?: LocationAnswer | null;
  /** The location answered with (for the conversation log). */
  locationRef?: { id: number; name: string } | null;
}

/** What one step found, shown in the test console; `answer` when it answered (or declined). */
export type StepOutcome = {
  score?: number | null;
  threshold?: number | null;
  /** What it matched: the topic, the document and page, the small-talk question, the filtered topic. */
  detail?: string | null;
  why?: AnswerStepWhy | null;
  /** What the topics found, kept for the test console and the log (the topics step sets it). */
  topic?: TopicAnswer;
} & ({ result: 'answered' | 'declined'; answer: StepAnswer } | { result: 'no_match' | 'off' });

/**
 * A step of the answering chain, owned by its area (topic filter and small talk: small-talk;
 * named location and locations: locations; topics: ai; documents: mrc). It answers, or says what
 * it found and passes on.
 */
export interface ChainStep {
  name: Exclude<AnswerStep['step'], 'fallback'>;
  run(question: Question): Promise<StepOutcome>;
}

export interface ChainAnswer {
  /** The language the question was answered in (see `questionLanguage`). */
  language: Language;
  answered_by: AnswerKind;
  /** The answer's text when a topic filter, a location, the documents or small talk answered. */
  answer_text: string | null;
  /** What the avatar says instead of the text; null: it speaks the text. */
  answer_speech: string | null;
  source: DocumentSource | null;
  /** A location answer: the place, its map and point. */
  location: LocationAnswer | null;
  /** The location answered with (for the conversation log). */
  locationRef: { id: number; name: string } | null;
  /** The topics' result (not asked: a fallback without candidates). */
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

const record = (
  name: AnswerStep['step'],
  outcome: Omit<StepOutcome, 'answer'> | { result: 'skipped' | 'answered' },
) => ({
  step: name,
  result: outcome.result,
  score: 'score' in outcome ? (outcome.score ?? null) : null,
  threshold: 'threshold' in outcome ? (outcome.threshold ?? null) : null,
  detail: 'detail' in outcome ? (outcome.detail ?? null) : null,
  why: 'why' in outcome ? (outcome.why ?? null) : null,
});

/**
 * The chain a device answers with: its steps in order, the first that answers wins, the rest are
 * recorded as skipped; when none does, the fallback. The device API and the test console both run
 * it; each step's outcome is kept. Adding a step is one more entry in the list the app composes.
 */
export function createAnswerChain(steps: readonly ChainStep[]) {
  const names = steps.map((s) => s.name);
  if (new Set(names).size !== names.length)
    throw new Error(`answering chain: a step twice in ${names.join(', ')}`);
  return {
    steps: names,
    async ask(
      device: Question['device'],
      session: Language,
      text: string,
      { draft = false }: { draft?: boolean } = {},
    ): Promise<ChainAnswer> {
      const language = device.languages ? questionLanguage(text, session, device.languages) : session;
      const question: Question = { device, language, text, draft };
      const recorded: AnswerStep[] = [];
      let topic = NOT_ASKED;
      for (const [i, step] of steps.entries()) {
        const outcome = await step.run(question);
        if (outcome.topic) topic = outcome.topic;
        recorded.push(record(step.name, outcome));
        if (outcome.result === 'answered' || outcome.result === 'declined') {
          for (const rest of steps.slice(i + 1)) recorded.push(record(rest.name, { result: 'skipped' }));
          recorded.push(record('fallback', { result: 'skipped' }));
          const { answer } = outcome;
          return {
            language,
            answered_by: answer.kind,
            answer_text: answer.text ?? null,
            answer_speech: answer.speech || null,
            source: answer.source ?? null,
            location: answer.location ?? null,
            locationRef: answer.locationRef ?? null,
            topic,
            steps: recorded,
          };
        }
      }
      recorded.push(record('fallback', { result: 'answered' }));
      return {
        language,
        answered_by: 'fallback',
        answer_text: null,
        answer_speech: null,
        source: null,
        location: null,
        locationRef: null,
        topic,
        steps: recorded,
      };
    },
  };
}

export type AnswerChain = ReturnType<typeof createAnswerChain>;

/** The test console's answer: the topics' fields (`fallback`: no topic matched), and the chain's. */
export function testConsoleResult(answer: ChainAnswer): TestConsoleResult {
  return {
    ...answer.topic,
    language: answer.language,
    answered_by: answer.answered_by,
    answer_text: answer.answer_text,
    source: answer.source,
    steps: answer.steps,
  };
}
