import { isErrorCode } from '@ambassador/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { failure } from '../lib/contract.js';

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/** busboy's own errors (a form cut short, a missing boundary) carry no status: they are the client's. */
const isBrokenMultipart = (error: Error) =>
  /^(Multipart: |Unexpected end of (form|multipart data)|Malformed (part|content))/i.test(error.message);

/** One error handler, one body shape; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.status).send(failure(error.message, error.code, error.issues));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        CLIENT_MESSAGES[error.code] ??
        (error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message);
      return reply
        .status(status)
        .send(failure(message, isErrorCode(error.code) ? error.code : 'bad_request'));
    }
    if (isBrokenMultipart(error)) {
      return reply.status(400).send(failure('The upload is not valid multipart/form-data.', 'bad_multipart'));
    }
    req.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(failure('Something went wrong on our side. Please try again.', 'internal_error'));
  });
}
