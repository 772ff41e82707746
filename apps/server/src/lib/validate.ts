import {
  makeRule,
  ruleText,
  validationIssue,
  type Rule,
  type RuleArgs,
  type RuleKey,
  type ValidationIssue,
} from '@ambassador/contracts';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.js';

/** A 400 validation_error: "Invalid input. field: message; …", and each failed rule in `issues`. */
export function invalidInput(issues: ValidationIssue[]): AppError {
  const parts = issues.map((issue) => {
    const field = issue.path.join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return new AppError(
    400,
    'validation_error',
    `Invalid input. ${[...new Set(parts)].join('; ')}`,
    undefined,
    issues,
  );
}

/** One failed rule of a check made outside a schema (its English text is the message). */
export function failedRule<K extends RuleKey>(path: string, key: K, ...args: RuleArgs<K>): ValidationIssue {
  return { path: [path], message: ruleText(key, ...args), ...makeRule(key, ...args) };
}

/** A rule a contract's own check gave (`flowIssues`, `questionContentIssues`) as a 400 lists it, at `path`. */
export function ruleIssue(path: (string | number)[], rule: Rule): ValidationIssue {
  const text = ruleText as (key: RuleKey, params?: Rule['params']) => string;
  return { path, message: text(rule.key, rule.params), key: rule.key, params: rule.params };
}

/** Parses input with a contract schema; a failure is a 400 whose message names each field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw invalidInput(result.error.issues.map(validationIssue));
}

/**
 * A form field holding JSON, checked by its contract like a JSON body: absent reads as `{}` (the
 * schema says what is required), not JSON is 400 `invalid_json_field` naming the field.
 */
export function jsonField<S extends z.ZodType>(
  schema: S,
  name: string,
  raw: string | undefined,
): z.output<S> {
  let value: unknown = {};
  if (raw !== undefined) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(`${name}: not valid JSON.`, 'invalid_json_field');
    }
  }
  return validate(schema, value);
}
