import {
  ZSmallTalkItem,
  ZSmallTalkQuestionsRequest,
  type SmallTalkItemInput,
  type SmallTalkQuestions,
} from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { fieldErrors, type FieldErrors } from '@/shared/lib/field-errors';

/** One entry being edited: `key` tells rows apart (a new entry has no id yet). */
export type DraftEntry = { key: string; id?: number; questions: string[]; answer: string; speech: string };

let nextKey = 1;
export const newKey = () => `new-${nextKey++}`;

export const emptyEntry = (): DraftEntry => ({ key: newKey(), questions: [], answer: '', speech: '' });

/** The server's list as editable entries. */
export function toDraft(list: SmallTalkQuestions): DraftEntry[] {
  return list.items.map((item) => ({
    key: `id-${item.id}`,
    id: item.id,
    questions: [...item.questions],
    answer: item.answer,
    speech: item.speech,
  }));
}

/** The entries as the PUT sends them, in order. */
export function toItems(entries: readonly DraftEntry[]): SmallTalkItemInput[] {
  return entries.map(({ id, questions, answer, speech }) => ({
    ...(id !== undefined && { id }),
    questions,
    answer,
    speech,
  }));
}

/** Whether the entries differ from what the server has (order included). */
export function isDirty(entries: readonly DraftEntry[], saved: readonly DraftEntry[]): boolean {
  return JSON.stringify(toItems(entries)) !== JSON.stringify(toItems(saved));
}

/** One entry's problems by field (`questions`, `questions.0`, `answer`, `speech`), by the contract's rules. */
export function entryErrors(t: TFunction, entry: DraftEntry): FieldErrors {
  const check = ZSmallTalkItem.safeParse(toItems([entry])[0]);
  return check.success ? {} : fieldErrors(t, check.error.issues);
}

/**
 * The whole list's problems by the contract's rules: `items` for the list itself and
 * `items.<index>.<field>` for an entry, as a server's 400 names them too.
 */
export function listErrors(t: TFunction, entries: readonly DraftEntry[]): FieldErrors {
  const check = ZSmallTalkQuestionsRequest.shape.items.safeParse(toItems(entries));
  return check.success
    ? {}
    : fieldErrors(
        t,
        check.error.issues.map((issue) => ({ ...issue, path: ['items', ...issue.path] })),
      );
}

/** The problems of entry `index` in a list's problems, by field. */
export function errorsOf(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `items.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, text]) => [path.slice(prefix.length), text]),
  );
}

/** Adds a line to a list of lines unless it is empty or already there (trimmed, case-insensitive). */
export function withLine(lines: readonly string[], line: string): string[] {
  const text = line.trim();
  if (!text || lines.some((l) => l.toLowerCase() === text.toLowerCase())) return [...lines];
  return [...lines, text];
}
