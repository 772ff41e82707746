import type { ErrorCode, ValidationIssue } from '@ambassador/contracts';
import type { z } from 'zod';

/** Success body; data passes through its response schema so no column leaks out. */
export function ok<S extends z.ZodType>(
  schema: S,
  data: z.input<S>,
  opts: { message?: string; total?: number } = {},
) {
  return {
    success: true,
    message: opts.message ?? 'OK',
    data: schema.parse(data) as z.output<S>,
    ...(opts.total === undefined ? {} : { total: opts.total }),
  };
}

export function okEmpty(message: string) {
  return { success: true, message, data: null };
}

export function failure(message: string, code: ErrorCode, issues?: ValidationIssue[]) {
  return { success: false as const, message, data: null, error: code, ...(issues ? { issues } : {}) };
}
