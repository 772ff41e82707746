import {
  QUESTION_MAX_BUTTONS,
  QUESTION_MAX_IMAGES,
  buttonAnswer,
  isBlankButton,
  padButtons,
  type Language,
  type QuestionContent,
  type QuizButton,
  type QuizQuestion,
} from '@ambassador/contracts';

/** A question as its dialog edits it: every language of the quiz has a content. */
export type QuestionDraft = {
  title: string;
  max_attempt: number;
  show_hints_when_failed: boolean;
  contents: Partial<Record<Language, QuestionContent>>;
};

/** A language the question has nothing in yet (the contracts' defaults). */
export const EMPTY_CONTENT: QuestionContent = {
  text: '',
  speech: '',
  buttons: { num_of_column: 1, values: [] },
  correct_answers: [],
  is_include_image: false,
  image_urls: [],
  hints: '',
};

/** A language's content with its buttons in whole rows, as the dialog shows it. */
export function contentOf(content: QuestionContent | undefined): QuestionContent {
  const c = content ?? EMPTY_CONTENT;
  return { ...c, buttons: { ...c.buttons, values: padButtons(c.buttons.values, c.buttons.num_of_column) } };
}

export function draftOf(question: QuizQuestion, languages: readonly Language[]): QuestionDraft {
  return {
    title: question.title,
    max_attempt: question.max_attempt,
    show_hints_when_failed: question.show_hints_when_failed,
    contents: Object.fromEntries(languages.map((l) => [l, contentOf(question.contents[l])])),
  };
}

/** A new column count: the buttons re-padded to whole rows of it (contracts' padButtons). */
export function withColumns(c: QuestionContent, columns: number): QuestionContent {
  return { ...c, buttons: { num_of_column: columns, values: padButtons(c.buttons.values, columns) } };
}

/** A row of empty buttons more, unless that passes the limit. */
export function withRowAdded(c: QuestionContent): QuestionContent {
  const { num_of_column: columns, values } = c.buttons;
  if (values.length + columns > QUESTION_MAX_BUTTONS) return c;
  const row = Array.from({ length: columns }, (): QuizButton => ({ text: '', payload: '' }));
  return { ...c, buttons: { ...c.buttons, values: [...values, ...row] } };
}

export const canAddRow = (c: QuestionContent) =>
  c.buttons.values.length + c.buttons.num_of_column <= QUESTION_MAX_BUTTONS;

/** Whether any button but the one at `except` still answers `answer`. */
const answeredElsewhere = (values: readonly QuizButton[], answer: string, except: number) =>
  values.some((b, i) => i !== except && !isBlankButton(b) && buttonAnswer(b) === answer);

/** Correct answers without `answer`, unless another button still gives it. */
function dropAnswer(c: QuestionContent, values: readonly QuizButton[], answer: string, index: number) {
  return answeredElsewhere(values, answer, index)
    ? c.correct_answers
    : c.correct_answers.filter((a) => a !== answer);
}

/** A button edited; a correct answer it gave follows its new text or payload. */
export function withButton(c: QuestionContent, index: number, patch: Partial<QuizButton>): QuestionContent {
  const before = c.buttons.values[index];
  if (!before) return c;
  const after = { ...before, ...patch };
  const values = c.buttons.values.map((b, i) => (i === index ? after : b));
  let correct = c.correct_answers;
  const was = buttonAnswer(before);
  if (!isBlankButton(before) && correct.includes(was) && buttonAnswer(after) !== was) {
    correct = dropAnswer(c, values, was, index);
    if (!isBlankButton(after) && !correct.includes(buttonAnswer(after)))
      correct = [...correct, buttonAnswer(after)];
  }
  return { ...c, buttons: { ...c.buttons, values }, correct_answers: correct };
}

/** A button removed (its correct answer with it), the rest re-padded to whole rows. */
export function withoutButton(c: QuestionContent, index: number): QuestionContent {
  const removed = c.buttons.values[index];
  if (!removed) return c;
  const rest = c.buttons.values.filter((_, i) => i !== index);
  const correct = isBlankButton(removed) ? c.correct_answers : dropAnswer(c, rest, buttonAnswer(removed), -1);
  return {
    ...c,
    buttons: { ...c.buttons, values: padButtons(rest, c.buttons.num_of_column) },
    correct_answers: correct,
  };
}

/** Whether the button is marked as a correct answer. */
export const isCorrect = (c: QuestionContent, b: QuizButton) =>
  !isBlankButton(b) && c.correct_answers.includes(buttonAnswer(b));

/** The button at `index` marked as a correct answer, or not. */
export function withCorrect(c: QuestionContent, index: number, correct: boolean): QuestionContent {
  const b = c.buttons.values[index];
  if (!b || isBlankButton(b)) return c;
  const answer = buttonAnswer(b);
  const others = c.correct_answers.filter((a) => a !== answer);
  return { ...c, correct_answers: correct ? [...others, answer] : others };
}

/** Correct answers that no button gives (left from an earlier edit): shown so they can be removed. */
export const strayAnswers = (c: QuestionContent) =>
  c.correct_answers.filter((a) => !c.buttons.values.some((b) => isCorrect(c, b) && buttonAnswer(b) === a));

/** The image at `index` replaced, added (index = length) or removed (''), at most QUESTION_MAX_IMAGES. */
export function withImage(c: QuestionContent, index: number, url: string): QuestionContent {
  const urls =
    url === ''
      ? c.image_urls.filter((_, i) => i !== index)
      : [...c.image_urls.slice(0, index), url, ...c.image_urls.slice(index + 1)];
  return { ...c, image_urls: urls.slice(0, QUESTION_MAX_IMAGES) };
}
