import type { DocumentSource, Language } from '@ambassador/contracts';

/** A device's documents answering a question (modules/mrc/retrieval), as the answering chain asks them. */
export interface DocumentAnswer {
  /** False when the best passage scored under the threshold. */
  answered: boolean;
  text: string | null;
  score: number;
  threshold: number;
  source: DocumentSource | null;
}

export type DocumentAnswerer = (
  deviceId: number,
  language: Language,
  text: string,
) => Promise<DocumentAnswer | null>;
