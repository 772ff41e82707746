import type { DocumentSource, Language, MrcAskedFor, MrcDeclined } from '@ambassador/contracts';

/** A device's documents answering a question (modules/mrc/retrieval), as the answering chain asks them. */
export interface DocumentAnswer {
  /** False when the documents do not answer; `declined` says why. */
  answered: boolean;
  declined: MrcDeclined | null;
  asked_for: MrcAskedFor[];
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
