import {
  SOCKET,
  ZQuizPageContent,
  isBlankButton,
  type Activity,
  type KioskActivity,
  type KioskEvent,
  type KioskQuestion,
  type KioskQuiz,
  type Language,
  type QuizPageContent,
  type QuizQuestion,
} from '@ambassador/contracts';
import type { Notifier } from '../../realtime/types.js';
import type { EventRepo } from './event-repo.js';
import { completeLanguages, flowIn, flowsOf, quizzesIn } from './flows.js';
import { contentsIn, languagesOf, loadLibrary, pagesOf, type Library } from './library.js';
import type { PageRow, QuizRepo } from './quiz-repo.js';

const BLANK_PAGE: QuizPageContent = ZQuizPageContent.parse({});

/** A question as a kiosk asks it in one language: blank (padding) buttons dropped, images only when on. */
function kioskQuestion(q: QuizQuestion, language: Language): KioskQuestion {
  const c = q.contents[language]!;
  return {
    id: q.id,
    title: q.title,
    max_attempt: q.max_attempt,
    show_hints_when_failed: q.show_hints_when_failed,
    text: c.text,
    speech: c.speech,
    num_of_column: c.buttons.num_of_column,
    buttons: c.buttons.values.filter((b) => !isBlankButton(b)),
    correct_answers: c.correct_answers,
    image_urls: c.is_include_image ? c.image_urls.filter(Boolean) : [],
    hints: c.hints,
  };
}

function kioskActivity(a: Activity, language: Language, library: Library, pages: PageRow[]): KioskActivity {
  switch (a.type) {
    case 'video':
      return {
        type: 'video',
        key: a.key,
        plays: a.repeat_option === 'repeat' ? 1 + (a.repeat_times ?? 0) : 1,
        url: a.url,
      };
    case 'tts':
      return {
        type: 'tts',
        key: a.key,
        script: a.script,
        speech: a.speech,
        countdown: a.is_countdown ? a.countdown : null,
        image_url: a.image_url || null,
      };
    case 'quiz': {
      // A complete flow names a quiz of the library, ready in this language.
      const row = library.quizzes.find((q) => q.id === a.quiz_id)!;
      const quiz: KioskQuiz = {
        quiz_id: row.id,
        name: row.name,
        is_enabled_random_pick: row.randomPick,
        pick_count: row.pickCount,
        questions: (library.questions.get(row.id) ?? []).map((q) => kioskQuestion(q, language)),
        pages: Object.fromEntries(
          pagesOf(
            pages.filter((p) => p.quizId === row.id),
            languagesOf(row),
          )
            .filter((p) => p.is_on)
            .map((p) => [
              p.page_type,
              contentsIn<QuizPageContent>(p.contents, [language])[language] ?? BLANK_PAGE,
            ]),
        ),
      };
      return { type: 'quiz', key: a.key, quiz };
    }
    case 'nlp':
      return { type: 'nlp', key: a.key };
  }
}

/** The images of resolved flows (announcements, questions, general pages) as their web-sized copies. */
async function withWebImages(
  flows: Record<string, KioskActivity[]>,
  webAddresses: (urls: string[]) => Promise<Map<string, string>>,
): Promise<Record<string, KioskActivity[]>> {
  const images: string[] = [];
  for (const a of Object.values(flows).flat()) {
    if (a.type === 'tts' && a.image_url) images.push(a.image_url);
    if (a.type === 'quiz') {
      for (const q of a.quiz.questions) images.push(...q.image_urls);
      for (const p of Object.values(a.quiz.pages)) if (p.image_url) images.push(p.image_url);
    }
  }
  if (images.length === 0) return flows;
  const web = await webAddresses(images);
  const to = (url: string) => web.get(url) ?? url;
  const activity = (a: KioskActivity): KioskActivity => {
    if (a.type === 'tts') return { ...a, image_url: a.image_url && to(a.image_url) };
    if (a.type !== 'quiz') return a;
    return {
      ...a,
      quiz: {
        ...a.quiz,
        questions: a.quiz.questions.map((q) => ({ ...q, image_urls: q.image_urls.map(to) })),
        pages: Object.fromEntries(
          Object.entries(a.quiz.pages).map(([type, p]) => [
            type,
            { ...p, image_url: p.image_url && to(p.image_url) },
          ]),
        ),
      },
    };
  };
  return Object.fromEntries(Object.entries(flows).map(([l, flow]) => [l, flow.map(activity)]));
}

/**
 * What a device's kiosks play: its current event, resolved. Every change to the current event, or
 * to a quiz it plays, is pushed to the device's kiosks (`event:active`) as they would read it in
 * their config.
 */
export function createKioskEvents({
  events,
  quizzes,
  notifier,
  webAddresses,
}: {
  events: EventRepo;
  quizzes: QuizRepo;
  notifier: Notifier;
  /** Image addresses to their web-sized copies: kiosks never download a 10 MB original to show it. */
  webAddresses: (urls: string[]) => Promise<Map<string, string>>;
}) {
  /**
   * The device's current event with only its complete languages, each flow's quizzes inside in that
   * language; null when none is current or no language is complete.
   */
  async function kioskEvent(deviceId: number): Promise<KioskEvent | null> {
    const row = await events.current(deviceId);
    if (!row) return null;
    const library = await loadLibrary(quizzes, deviceId);
    const flows = flowsOf(row);
    const languages = completeLanguages(languagesOf(row), flows, library.facts);
    if (languages.length === 0) return null;
    const pages = await quizzes.pages([...quizzesIn(flows)]);
    const resolved = Object.fromEntries(
      languages.map((l) => [l, flowIn(flows, l).map((a) => kioskActivity(a, l, library, pages))]),
    );
    return {
      event_id: row.id,
      version: row.version,
      title: row.title,
      languages,
      flows: await withWebImages(resolved, webAddresses),
    };
  }

  const announce = async (deviceId: number) =>
    notifier.toDevice(deviceId, SOCKET.eventActive, await kioskEvent(deviceId));

  return {
    kioskEvent,
    /** Tells the device's kiosks what they play now (after a change to its current event). */
    announce,
    /** A quiz of the device changed: its kiosks hear it when the current event plays that quiz. */
    async quizChanged(deviceId: number, quizId: number) {
      const current = await events.current(deviceId);
      if (current && quizzesIn(flowsOf(current)).has(quizId)) await announce(deviceId);
    },
  };
}

export type KioskEvents = ReturnType<typeof createKioskEvents>;
