import type { Language, MrcFailure, MrcFormat } from '@ambassador/contracts';

/** A run of text as the document has it: under a heading, on a page (null when it has no pages). */
export interface ExtractedBlock {
  page: number | null;
  heading: string | null;
  text: string;
}

/** What a scan reads from a file. */
export interface Extracted {
  format: MrcFormat;
  /** PDF pages; other formats count the page breaks they have (1 when none). */
  pages: number;
  blocks: ExtractedBlock[];
  /** The language most of the text is in; null when it cannot tell. */
  language: Language | null;
  characters: number;
}

/** A passage to store: a few sentences under one heading on one page. */
export interface PassageDraft {
  ordinal: number;
  page: number | null;
  heading: string | null;
  text: string;
}

/** A scan that cannot succeed however often it runs: the document becomes Failed with this reason. */
export class ScanFailure extends Error {
  constructor(
    readonly code: MrcFailure,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ScanFailure';
  }
}

export interface ExtractOptions {
  maxPages: number;
  /** Text characters at most; more fails with `too_much_text`. */
  maxCharacters: number;
  signal?: AbortSignal;
}

/** Reads a stored file of a known format (in a worker thread: a hostile file cannot block the server). */
export type ExtractDocument = (file: string, format: MrcFormat, opts: ExtractOptions) => Promise<Extracted>;
/** Cuts blocks into passages for searching. */
export type ToPassages = (blocks: ExtractedBlock[]) => PassageDraft[];

/** Levels of nesting (HTML elements, Markdown quotes and lists) a document may have: real ones use a few dozen. */
export const MAX_NESTING = 256;
export const tooDeep = () =>
  new ScanFailure('too_deep', `The document nests its parts more than ${MAX_NESTING} levels deep.`);
