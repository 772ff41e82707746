import {
  flowIssues,
  type Activity,
  type ActivityType,
  type Event,
  type Flows,
  type Language,
  type QuizFacts,
  type Rule,
  type ValidationIssue,
} from '@ambassador/contracts';

/** What the editor changes: the event's name, its languages and a flow per language. */
export type EventDraft = { title: string; languages: Language[]; flows: Flows };

export const draftOf = (event: Pick<Event, 'title' | 'languages' | 'flows'>): EventDraft => ({
  title: event.title,
  languages: [...event.languages],
  flows: structuredClone(event.flows),
});

/** A language's flow in the draft (none yet: empty). */
export const flowOf = (draft: EventDraft, language: Language): Activity[] => draft.flows[language] ?? [];

/** The flows a save sends: one per language of the event, nothing for languages it no longer has. */
export function flowsToSave(draft: EventDraft): Flows {
  return Object.fromEntries(draft.languages.map((l) => [l, flowOf(draft, l)]));
}

/** Unsaved changes: the draft differs from what was read or last saved. */
export function isDirty(draft: EventDraft, saved: EventDraft): boolean {
  const comparable = (d: EventDraft) =>
    JSON.stringify({ title: d.title, languages: d.languages, flows: flowsToSave(d) });
  return comparable(draft) !== comparable(saved);
}

/** A key that stays with an activity through reorders: a random UUID without dashes (32 ≤ 40 chars). */
export function newActivityKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * A new activity of a type, every field blank as the contract's defaults have them, but for a
 * video's Once/Repeat: it starts at Once, so uploading the video is all a new one needs.
 */
export function newActivity(type: ActivityType, key: string = newActivityKey()): Activity {
  switch (type) {
    case 'video':
      return { type, key, repeat_option: 'once', repeat_times: null, url: '' };
    case 'tts':
      return { type, key, script: '', speech: '', is_countdown: false, countdown: null, image_url: '' };
    case 'quiz':
      return { type, key, quiz_id: null };
    case 'nlp':
      return { type, key };
  }
}

/** A copy of an activity with its own key, placed after it. */
export function duplicated(flow: readonly Activity[], index: number, key: string = newActivityKey()) {
  const copy = { ...structuredClone(flow[index]!), key };
  return [...flow.slice(0, index + 1), copy, ...flow.slice(index + 1)];
}

/**
 * Where a failed rule shows: an activity's field (by the activity's key, so a mark follows the
 * activity when the list is reordered), or the whole flow of a language (`field` null).
 */
export type MarkPlace = { language: Language; key: string | null; field: string | null };
export type Marks = ReadonlyMap<string, Rule>;

export const markId = ({ language, key, field }: MarkPlace) => `${language}|${key ?? ''}|${field ?? ''}`;
const placeOf = (id: string): MarkPlace => {
  const [language, key, field] = id.split('|') as [Language, string, string];
  return { language, key: key || null, field: field || null };
};

/** The place of a path relative to a language's flow (`[index, field]`, or `[]` for the flow). */
function placeIn(
  language: Language,
  flow: readonly Activity[],
  path: readonly (string | number)[],
): MarkPlace {
  const [index, field] = path;
  const activity = typeof index === 'number' ? flow[index] : undefined;
  if (!activity) return { language, key: null, field: null };
  return { language, key: activity.key, field: typeof field === 'string' ? field : null };
}

/**
 * The completeness checks for every language of the draft (contracts' flowIssues): each failed rule
 * at its place.
 */
export function checkDraft(draft: EventDraft, quizzes: ReadonlyMap<number, QuizFacts>): Map<string, Rule> {
  const marks = new Map<string, Rule>();
  for (const language of draft.languages) {
    const flow = flowOf(draft, language);
    for (const issue of flowIssues(language, flow, quizzes)) {
      const id = markId(placeIn(language, flow, issue.path));
      if (!marks.has(id)) marks.set(id, issue.rule);
    }
  }
  return marks;
}

/**
 * A 400 validation_error's issues about flows (paths `flows.<language>.<index>.<field>`), placed on
 * the flows that were sent. Issues about anything else are left to the snackbar.
 */
export function serverMarks(issues: readonly ValidationIssue[], flows: Flows): Map<string, Rule> {
  const marks = new Map<string, Rule>();
  for (const issue of issues) {
    const [root, language, ...rest] = issue.path;
    if (root !== 'flows' || typeof language !== 'string') continue;
    const lang = language as Language;
    const id = markId(placeIn(lang, flows[lang] ?? [], rest));
    if (!marks.has(id)) marks.set(id, { key: issue.key, params: issue.params });
  }
  return marks;
}

/** A 400's issues that name a flow (what the editor can mark), for telling a validation_error apart. */
export const hasFlowIssues = (issues: readonly ValidationIssue[]) =>
  issues.some((issue) => issue.path[0] === 'flows');

/** Languages with at least one mark, in the order given. */
export function markedLanguages(marks: Marks, languages: readonly Language[]): Language[] {
  const marked = new Set([...marks.keys()].map((id) => placeOf(id).language));
  return languages.filter((l) => marked.has(l));
}

/** The rule failed at a place, if any. */
export const markAt = (marks: Marks, place: MarkPlace): Rule | undefined => marks.get(markId(place));

/** Marks without those of the given fields of one activity (the operator changed them). */
export function withoutMarks(marks: Marks, language: Language, key: string, fields: readonly string[]) {
  const next = new Map(marks);
  for (const field of fields) next.delete(markId({ language, key, field }));
  // The flow had nothing; now it has something, the flow's own mark goes too.
  next.delete(markId({ language, key: null, field: null }));
  return next;
}

/** What the quiz library says about each quiz, for flowIssues. */
export function quizFacts(
  quizzes: readonly { quiz_id: number; languages: Language[]; ready_languages: Language[] }[],
): Map<number, QuizFacts> {
  return new Map(
    quizzes.map((q) => [q.quiz_id, { languages: q.languages, ready_languages: q.ready_languages }]),
  );
}
