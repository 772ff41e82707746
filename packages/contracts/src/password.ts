import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Password policy of SPEC §5 plus a minimum length; each failed rule is its own message. */
export const ZPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Min ${PASSWORD_MIN} characters, Max ${PASSWORD_MAX} characters`)
  .max(PASSWORD_MAX, `Min ${PASSWORD_MIN} characters, Max ${PASSWORD_MAX} characters`)
  .regex(/[A-Z]/, 'Password needs an uppercase letter')
  .regex(/[a-z]/, 'Password needs a lowercase letter')
  .regex(/[0-9]/, 'Password needs a number')
  .regex(/[^A-Za-z0-9]/, 'Password needs a symbol');

export function passwordProblems(password: string): string[] {
  const result = ZPassword.safeParse(password);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
