import type { z } from 'zod';
import type { AppError } from './errors.js';
import { badRequest } from './errors.js';

/** A 400 whose message names each field that failed, in the words of its contract. */
export function invalidInput(error: z.ZodError): AppError {
  const parts = error.issues.map((issue) => {
    const field = issue.path.join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return badRequest(`Invalid input. ${[...new Set(parts)].join('; ')}`);
}

/** Parses input with a contract schema; a failure is a 400 whose message names each field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw invalidInput(result.error);
}
