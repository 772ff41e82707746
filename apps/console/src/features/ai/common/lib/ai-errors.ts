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

/** The English rule messages of the AI contracts' zod schemas, in the interface language. */
export function translateAiRule(t: TFunction, message: string): string {
  switch (message) {
    case 'Topic Name is required':
      return t('topics.rules.topic_name');
    case 'Please select a category':
      return t('topics.rules.select_category');
    case 'Text cannot be empty':
      return t('responses.rules.text_empty');
    case 'Field required!':
      return t('responses.rules.field_required');
    case 'Min. 1':
      return t('responses.rules.min_one');
    case 'Invalid image address':
      return t('responses.rules.image_missing');
  }
  const maximum = /^Maximum (\d+) characters$/.exec(message);
  if (maximum) return t('topics.rules.maximum', { max: maximum[1] });
  return message;
}
