import type { TFunction } from 'i18next';

/**
 * The contracts' zod schemas carry English rule messages ('Username is required'). Show them in the
 * interface language; anything unknown is shown as written.
 */
export function translateRule(t: TFunction, message: string): string {
  switch (message) {
    case 'Username is required':
      return t('validation.username_required');
    case 'Role is required':
      return t('validation.role_required');
    case 'Password is required':
      return t('validation.password_required');
    case 'Password needs an uppercase letter':
      return t('validation.password_uppercase');
    case 'Password needs a lowercase letter':
      return t('validation.password_lowercase');
    case 'Password needs a number':
      return t('validation.password_number');
    case 'Password needs a symbol':
      return t('validation.password_symbol');
    case 'Username may use letters, numbers and . _ @ - only':
      return t('validation.username_charset');
    case 'Confirm password is not same as password':
      return t('validation.confirm_mismatch');
    case 'Current password is required':
      return t('validation.current_password_required');
  }
  const minMax = /^Min (\d+) characters, Max (\d+) characters$/.exec(message);
  if (minMax) return t('validation.min_max_characters', { min: minMax[1], max: minMax[2] });
  const maximum = /^Maximum (\d+) characters$/.exec(message);
  if (maximum) return t('validation.maximum_characters', { max: maximum[1] });
  return message;
}
