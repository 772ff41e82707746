import type { TFunction } from 'i18next';
import i18n from 'i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';

/** Error codes of the AI calls we explain in the interface language. */
const CODE_KEYS: Record<string, string> = {
  topic_name_taken: 'topics.error_codes.topic_name_taken',
  keyword_exists: 'topics.error_codes.keyword_exists',
  not_found: 'topics.error_codes.not_found',
  file_too_large: 'responses.error_codes.file_too_large',
  unsupported_type: 'responses.error_codes.unsupported_type',
  tts_unavailable: 'responses.error_codes.tts_unavailable',
};

/** Text for a failed AI call: our text for a known code (also by status for uploads), else the server's. */
export function aiErrorMessage(error: unknown, t: TFunction = i18n.t): string {
  if (error instanceof ApiError) {
    const code =
      error.code ??
      (error.status === 413 ? 'file_too_large' : error.status === 415 ? 'unsupported_type' : undefined);
    const key = code ? CODE_KEYS[code] : undefined;
    if (key) return t(key as never);
  }
  return errorMessage(error, t('errors.unknown'));
}
