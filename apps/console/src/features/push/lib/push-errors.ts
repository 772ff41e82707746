import type { TFunction } from 'i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';

/** Text for a failed upload: 413 and 415 explained even when the server sent no code. */
export function uploadErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && !error.code) {
    if (error.status === 413) return t('errors.codes.file_too_large');
    if (error.status === 415) return t('errors.codes.unsupported_type');
  }
  return errorMessage(error, t('errors.unknown'));
}
