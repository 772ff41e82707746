import type { ErrorCode, Rule, ValidationIssue } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import i18n from 'i18next';

/*
 * The console's one translator of failures: a validation rule by its key (`rules.*`), an error by
 * its code (`errors.codes.*`). Never by the English text. It loads with the login page, so it uses
 * the contracts for types only (their schemas would double that page's JS); forms checked with the
 * schemas read their issues' rules with translateIssue (rule-message.ts).
 */

/** Any failed call: HTTP status (0 for network failures), the server's message, its error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** A 400 validation_error's failed rules, field by field. */
  readonly issues: readonly ValidationIssue[];

  constructor(status: number, message: string, code?: string, issues: readonly ValidationIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** A validation rule (contracts: `rule(key, params)`) in the interface language. */
export function translateRule(t: TFunction, rule: Rule): string {
  return t(`rules.${rule.key}`, rule.params);
}

/**
 * Codes whose server message says more than our text for the code (which record was not found,
 * which field is wrong, who took the call): in English, the message is shown as the server wrote it.
 */
const DETAILED: ReadonlySet<string> = new Set<ErrorCode>([
  'validation_error',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'topic_not_on_device',
  'question_too_long',
  'range_too_long',
  'call_taken',
  'call_over',
  'chat_ended',
  'tts_failed',
  'language_not_offered',
]);

/** A 400's failed rules, field by field: "Invalid input. name: Maximum 80 characters". */
function invalidInput(issues: readonly ValidationIssue[]): string {
  const parts = issues.map((issue) => {
    const field = issue.path.join('.');
    // A rule newer than this console: its English message.
    const text = i18n.exists(`rules.${issue.key}`) ? translateRule(i18n.t, issue) : issue.message;
    return field ? `${field}: ${text}` : text;
  });
  return i18n.t('errors.invalid_input', { details: [...new Set(parts)].join('; ') });
}

/**
 * The text to show for anything thrown by a call, by its error code: the interface language's text
 * for the code (`errors.codes.*`), or for a 400 its failed rules one by one; in English, a DETAILED
 * code shows the server's message. An unknown code, or none: the message as written.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code && i18n.exists(`errors.codes.${error.code}`)) {
    const english = (i18n.resolvedLanguage ?? i18n.language) === 'en';
    if (!(english && error.message && DETAILED.has(error.code))) {
      if (error.issues.length > 0) return invalidInput(error.issues);
      return i18n.t(`errors.codes.${error.code as ErrorCode}`);
    }
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
