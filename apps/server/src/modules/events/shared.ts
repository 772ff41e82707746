import { badRequest } from '../../lib/errors.js';

/** Languages an event or quiz names must be among those its device (or quiz) offers: else 400. */
export function mustOffer(offered: readonly string[], languages: readonly string[], who = 'This device') {
  const foreign = languages.find((l) => !offered.includes(l));
  if (foreign !== undefined) {
    throw badRequest(
      `${who} does not offer ${foreign} (it offers ${offered.join(', ') || 'none'}).`,
      'language_not_offered',
    );
  }
}

const COPY = ' (copy)';

/** "<name> (copy)", the name cut (never inside a character) so the whole stays within `max`. */
export function copyName(name: string, max: number) {
  const chars = [...name];
  const room = max - COPY.length;
  return `${chars.length > room ? chars.slice(0, room).join('').trimEnd() : name}${COPY}`;
}

/** The entries of a per-language record in languages other than these (kept, not shown). */
export function otherLanguages(record: Record<string, unknown>, languages: readonly string[]) {
  return Object.fromEntries(Object.entries(record).filter(([l]) => !languages.includes(l)));
}
