import { z } from 'zod';
import { ZLanguage } from './access-schemas.js';
import { MAX_PAGE_SIZE, PAGE_SIZE, ZId, ZSortOrder } from './common.js';
import { rule } from './rules.js';
import { ZBulkSelection } from './undo.js';

/**
 * Document scanning (MRC): an operator uploads the site's own documents to a device, the
 * server scans them in a durable background job into passages, and a visitor's question no topic
 * answers is answered from them (the best passage, the answering sentences, the source and page).
 */
export const MRC_FORMATS = ['pdf', 'docx', 'txt', 'html', 'markdown'] as const;
export type MrcFormat = (typeof MRC_FORMATS)[number];
/** What the upload dialog's file picker offers (the server decides by the bytes, never the name). */
export const MRC_ACCEPT = '.pdf,.docx,.txt,.text,.html,.htm,.md,.markdown';
/** The MIME types of the media pipeline's `document` kind, as stored. */
export const DOCUMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/html',
  'text/markdown',
] as const;
export const DOCUMENT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** Pages scanned at most per document; a longer one fails with `too_many_pages`. */
export const MRC_MAX_PAGES = 2_000;
/** Documents one device may hold (Removed ones do not count). */
export const MRC_MAX_DOCUMENTS = 1_000;
/** Files one upload request may carry. */
export const MRC_MAX_FILES_PER_UPLOAD = 20;

/** A document's statuses, as the table shows them. Removed documents are never listed. */
export const MRC_STATUSES = ['Scanning', 'Ready', 'Failed', 'Removed'] as const;
export type MrcStatus = (typeof MRC_STATUSES)[number];
/**
 * Why a scan failed, as a code the console translates into what the operator can do about it:
 * encrypted (remove the password and upload again), no_text (a scanned image: upload a version with
 * text, or OCR it first), unsupported_format, corrupt (the file is damaged), too_many_pages,
 * too_much_text (its text is larger than a device's documents may hold), file_missing (the original
 * is not in the media storage the scanning server reads: upload it again), scan_error (anything
 * else; re-scan).
 */
export const MRC_FAILURES = [
  'encrypted',
  'no_text',
  'unsupported_format',
  'corrupt',
  'too_many_pages',
  'too_much_text',
  'too_deep',
  'file_missing',
  'scan_error',
] as const;
export type MrcFailure = (typeof MRC_FAILURES)[number];

export const ZMrcDocument = z.object({
  id: z.number().int(),
  filename: z.string(),
  format: z.enum(MRC_FORMATS),
  status: z.enum(MRC_STATUSES),
  failure: z.enum(MRC_FAILURES).nullable(),
  /**
   * Scanning, but its scan was interrupted (the server doing it stopped, or an attempt did not
   * finish): it resumes by itself within seconds or at its next attempt. False otherwise.
   */
  interrupted: z.boolean(),
  /** More about a failure, in English, for support (the console shows the code's own text). */
  failure_detail: z.string().nullable(),
  /** PDF pages; for other formats the number of sections the text was split into pages by. */
  pages: z.number().int().nullable(),
  /** The language the text is mostly in, once scanned. */
  language: ZLanguage.nullable(),
  /** False when the detected language is not one the device offers: it is still searched. */
  language_offered: z.boolean(),
  passages: z.number().int(),
  size: z.number().int(),
  /** Download of the original file. */
  url: z.string(),
  create_datetime: z.string(),
  scanned_at: z.string().nullable(),
  /** Milliseconds the last scan took. */
  scan_ms: z.number().int().nullable(),
});
export type MrcDocument = z.infer<typeof ZMrcDocument>;

export const MRC_SORTS = ['filename', 'status', 'create_datetime', 'pages', 'language'] as const;
export const ZMrcListQuery = z.object({
  device_id: ZId,
  /** Only documents detected in this language. */
  language: ZLanguage.optional(),
  search: z.string().trim().max(120).default(''),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  sort_by: z.enum(MRC_SORTS).default('create_datetime'),
  order: ZSortOrder.default('desc'),
});
export const ZMrcListResponse = z.array(ZMrcDocument);

/** Upload: multipart with a `device_id` field, then one or more `file` parts. */
export const ZMrcUploadFields = z.object({ device_id: ZId });
/** Each file's outcome: its new document (Scanning), or why it was refused (nothing stored). */
export const ZMrcUploadResponse = z.object({
  documents: z.array(ZMrcDocument),
  refused: z.array(z.object({ filename: z.string(), error: z.string(), message: z.string() })),
});
export type MrcUploadResult = z.infer<typeof ZMrcUploadResponse>;

export const ZMrcDeleteRequest = z.object({ device_id: ZId, id: ZId });
/** POST /mrc/bulk: delete picked documents, or every one the list's search matches (undoable). */
export const ZMrcBulkRequest = z.object({
  device_id: ZId,
  action: z.enum(['delete']),
  selection: ZBulkSelection(z.object({ search: z.string().trim().max(120).default('') })),
});
export type MrcBulkRequest = z.input<typeof ZMrcBulkRequest>;
export const ZMrcParams = z.object({ id: ZId });

/** A passage of a scanned document: a few sentences under their heading, on their page. */
export const ZMrcPassage = z.object({
  id: z.number().int(),
  ordinal: z.number().int(),
  page: z.number().int().nullable(),
  heading: z.string().nullable(),
  text: z.string(),
});
export type MrcPassage = z.infer<typeof ZMrcPassage>;
/** GET /mrc/{id}/text: the scanned text, passage by passage, to show an answer in its place. */
export const ZMrcDocumentText = z.object({
  document: ZMrcDocument,
  passages: z.array(ZMrcPassage),
});

/** The device's document index (its MRC project): POST builds it when missing. */
export const ZMrcProject = z.object({
  device_id: z.number().int(),
  documents_ready: z.number().int(),
  documents_scanning: z.number().int(),
  passages: z.number().int(),
  /** When the index in memory was built; null when it was not built yet. */
  built_at: z.string().nullable(),
  /** True when answers are written by the configured language model, from the passages. */
  generative: z.boolean(),
  /** True when the passages are also found by meaning (their sentence embeddings are in place). */
  semantic: z.boolean(),
});
export type MrcProject = z.infer<typeof ZMrcProject>;
export const ZMrcProjectRequest = z.object({ device_id: ZId });

export const ZMrcQueryRequest = z.object({
  device_id: ZId,
  text: z
    .string()
    .trim()
    .min(1, rule('text_empty'))
    .max(500, rule('maximum_characters', { max: 500 })),
  language: ZLanguage.optional(),
  /** The test panel's session (generated on each list load); only echoed back. */
  session_id: z.string().max(64).optional(),
});

/** A ranked passage, with the answering sentences' place in its text (UTF-16 offsets). */
export const ZMrcHit = z.object({
  passage_id: z.number().int(),
  document_id: z.number().int(),
  filename: z.string(),
  page: z.number().int().nullable(),
  heading: z.string().nullable(),
  text: z.string(),
  score: z.number(),
  highlight: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
});
export type MrcHit = z.infer<typeof ZMrcHit>;

/** Where a document answer came from, as a kiosk and a conversation row show it. */
export const ZDocumentSource = z.object({
  document_id: z.number().int(),
  filename: z.string(),
  page: z.number().int().nullable(),
  heading: z.string().nullable(),
  passage_id: z.number().int(),
  /**
   * The language the answer is written in (read from its text), which may not be the question's:
   * a Cantonese question answered by an English sentence. Null when too short to tell, and on
   * answers logged before it was kept.
   */
  language: ZLanguage.nullable(),
});
export type DocumentSource = z.infer<typeof ZDocumentSource>;

/** What a question plainly asks for: a time of day, a price, a count, a length of time. */
export const MRC_ASKED_FOR = ['time', 'price', 'count', 'duration'] as const;
export type MrcAskedFor = (typeof MRC_ASKED_FOR)[number];
/**
 * Why a question was not answered from the documents: the best passage scored under the threshold;
 * the quoted sentence lacks what the question asks for (`asked_for`); the language model found no
 * answer in the best passages.
 */
export const MRC_DECLINED = ['score', 'asked_for', 'model'] as const;
export type MrcDeclined = (typeof MRC_DECLINED)[number];

export const ZMrcAnswer = z.object({
  /** False when the documents do not answer (`declined` says why): the device would fall back. */
  answered: z.boolean(),
  declined: z.enum(MRC_DECLINED).nullable(),
  asked_for: z.array(z.enum(MRC_ASKED_FOR)),
  /** The answering sentence(s), or the model's answer on the generative path. */
  text: z.string().nullable(),
  score: z.number(),
  threshold: z.number(),
  source: ZDocumentSource.nullable(),
  /** The best passages, best first (at most 3). */
  hits: z.array(ZMrcHit),
  generative: z.boolean(),
  session_id: z.string().nullable(),
  took_ms: z.number().int(),
});
export type MrcAnswer = z.infer<typeof ZMrcAnswer>;
