import type { z } from 'zod';
import { badRequest } from './errors.js';

/** Parses input with a contract schema; a failure is a 400 whose message names each field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const parts = result.error.issues.map((issue) => {
    const field = issue.path.join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  throw badRequest(`Invalid input. ${[...new Set(parts)].join('; ')}`);
}
