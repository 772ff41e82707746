import type { TFunction } from 'i18next';

/** Titles of events as a sentence quotes them: “Open day”, “Summer fair” (「Open day」、「Summer fair」). */
export const eventList = (t: TFunction, events: readonly { title: string }[]) =>
  events.map((e) => t('events.quiz.quoted', { title: e.title })).join(t('events.quiz.list_separator'));
