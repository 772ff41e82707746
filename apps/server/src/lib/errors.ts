import type { ErrorCode, ValidationIssue } from '@ambassador/contracts';

/** The one error type: a code for machines, a status for HTTP, a message for people. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Seconds a client should wait before trying again (429, 503): sent as Retry-After. */
    readonly retryAfter?: number,
    /** A 400 validation_error's rules that failed, field by field: sent as `issues`. */
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'validation_error') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in again.', code: ErrorCode = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have access to this.', code: ErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (
  message: string,
  code: ErrorCode = 'too_many_requests',
  retryAfter?: number,
) => new AppError(429, code, message, retryAfter);

/**
 * What of a text that may hold internal detail (a library's message) an operator may read: no stack
 * line, no file path (the server's layout is nobody's business), bounded.
 */
export function operatorText(text: string, max = 1_000): string {
  return (
    text
      .split('\n')
      .filter((line) => !/^\s+at\s/.test(line))
      .join(' ')
      .replace(/file:\/\/\S+/g, '…')
      // A quoted path may hold spaces: the whole quoted path goes.
      .replace(/(['"`])(?:[A-Za-z]:)?[\\/][^'"`]*\1/g, '$1…$1')
      .replace(/(?:[A-Za-z]:)?(?:[\\/][^\s'"`,;:()\\/]+){2,}[\\/]?/g, '…')
      .slice(0, max)
  );
}
