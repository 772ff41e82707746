/** The one error type: a code for machines, a status for HTTP, a message for people. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds a client should wait before trying again (429, 503): sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'validation_error') => new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in again.', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have access to this.', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (message: string, code = 'too_many_requests', retryAfter?: number) =>
  new AppError(429, code, message, retryAfter);
