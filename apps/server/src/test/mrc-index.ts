/** Test helper: a device's index from passages of one document, given as [heading, text]. */
import { buildIndex, type Bm25Index } from '../modules/mrc/retrieval/bm25.js';

export function indexOf(rows: readonly (readonly [string, string])[]): Promise<Bm25Index> {
  return buildIndex(
    rows.map(([heading, text], i) => ({
      id: i + 1,
      documentId: 1,
      filename: 'visitor-guide.md',
      ordinal: i,
      page: 1,
      heading,
      text,
    })),
    { sliceMs: 1e9 },
  );
}

/** A hospital guide's gift shop (where, not when) and car park (where and what it costs). */
export const GIFT_SHOP_AND_CAR_PARK = [
  ['Flowers and gifts', 'The gift shop is in the main lobby beside the pharmacy.'],
  ['Car park', 'The car park is under the Specialist Block. Parking costs $25 per hour.'],
] as const;
