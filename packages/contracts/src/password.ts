import { z } from 'zod';
import { rule } from './rules.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Password policy: upper and lower case, a number, a symbol and a minimum length; each failed rule is its own message. */
export const ZPassword = z
  .string({ error: rule('password_required') })
  .min(1, rule('password_required'))
  .min(PASSWORD_MIN, rule('min_max_characters', { min: PASSWORD_MIN, max: PASSWORD_MAX }))
  .max(PASSWORD_MAX, rule('min_max_characters', { min: PASSWORD_MIN, max: PASSWORD_MAX }))
  .regex(/[A-Z]/, rule('password_uppercase'))
  .regex(/[a-z]/, rule('password_lowercase'))
  .regex(/[0-9]/, rule('password_number'))
  .regex(/[^A-Za-z0-9]/, rule('password_symbol'));

export function passwordProblems(password: string): string[] {
  const result = ZPassword.safeParse(password);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
