import { toSimplified } from '../../matcher/text.js';

/**
 * The form two keywords are compared in: full-width folded to half-width (NFKC), lower case,
 * Traditional folded to Simplified the way the matcher folds it, runs of spaces collapsed.
 * "停車場" and "停车场" are one keyword.
 */
export function fold(text: string): string {
  return toSimplified(text.normalize('NFKC').toLowerCase()).replace(/\s+/g, ' ').trim();
}
