// PLACEHOLDER until wip/extract is merged: it provides the real extraction.
import type { ExtractDocument, ToPassages } from './types.js';

export const extractDocument: ExtractDocument = async () => {
  throw new Error('Document extraction is not available in this build.');
};
export const toPassages: ToPassages = (blocks) =>
  blocks.map((b, i) => ({ ordinal: i, page: b.page, heading: b.heading, text: b.text }));
