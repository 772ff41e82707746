import i18n from 'i18next';

/** Any failed call: HTTP status (0 for network failures), the server's message, its error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/**
 * The text to show for anything thrown by a call: the interface language's text for an error code
 * we know (`errors.codes.*`), else the server's message as written.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code && i18n.exists(`errors.codes.${error.code}`)) {
    return i18n.t(`errors.codes.${error.code}` as never);
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
