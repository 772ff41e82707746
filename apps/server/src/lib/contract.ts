import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationIssue, type ErrorCode, type ValidationIssue } from '@ambassador/contracts';
import { z } from 'zod';
import { invalidInput, validate } from './validate.js';

/**
 * An app whose routes declare their contract (`schema`: body, querystring, params, response) with
 * the zod types of `@ambassador/contracts`. The declaration is the only one: it validates the
 * input before the handler runs (typed `req.body`, `req.query`, `req.params`), filters the answer
 * through its response type (no column leaks out), and is what `/openapi.json` and `/docs` show.
 */
export type ContractApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const contractApp = (app: FastifyInstance): ContractApp => app.withTypeProvider<ZodTypeProvider>();

/** Input that fails its contract is the same 400 (`validation_error`) a handler's own check gave. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // A missing body or query is checked as `{}` (each required field named), unless the route
    // declares it optional.
    const input = data ?? (schema.safeParse(undefined).success ? undefined : {});
    const result = schema.safeParse(input);
    return result.success
      ? { value: result.data }
      : { error: invalidInput(result.error.issues.map(validationIssue)) };
  };

/**
 * Answers are parsed (not encoded) by their response type: data goes in as a service returns it
 * and comes out as the contract says, unknown fields dropped. A mismatch is our bug: a 500.
 */
const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(`The answer of ${method} ${url} breaks its contract: ${z.prettifyError(result.error)}`);
    }
    return JSON.stringify(result.data);
  };

/** Call on the root app before any route: every route's schema is then a zod contract. */
export function useContracts(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/**
 * Ids a DELETE takes in its JSON body, or in the query for clients that cannot send a DELETE body:
 * `schema` declares both ways for the contract, `read` checks whichever came.
 */
export function bodyOrQuery<S extends z.ZodObject>(schema: S) {
  return {
    schema: { body: schema.optional(), querystring: schema.partial() },
    read: (req: { body: unknown; query: unknown }): z.output<S> => validate(schema, req.body ?? req.query),
  };
}

/** A success body; the route's response type checks and filters `data` on the way out. */
export function ok<T>(data: T, opts: { message?: string; total?: number } = {}) {
  return {
    success: true as const,
    message: opts.message ?? 'OK',
    data,
    ...(opts.total === undefined ? {} : { total: opts.total }),
  };
}

/** A success with nothing to return. */
export function done(message: string) {
  return { success: true as const, message, data: null };
}

/** Bytes of a file, as a download route declares its answer (`response: {200: file(...)}`). */
export function file(description: string, ...mediaTypes: string[]) {
  return {
    description,
    content: Object.fromEntries(
      mediaTypes.map((type) => [type, { schema: z.any().meta({ type: 'string', format: 'binary' }) }]),
    ),
  };
}

/** A refusal or failure: `error` is the code a client acts on, `message` is for people. */
export function failure(message: string, code: ErrorCode, issues?: ValidationIssue[]) {
  return { success: false as const, message, data: null, error: code, ...(issues ? { issues } : {}) };
}
