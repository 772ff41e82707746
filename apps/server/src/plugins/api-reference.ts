import fastifySwagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ZFailure, DEVICE_API_PREFIX } from '@ambassador/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asyncApiDocument, SOCKET_EVENTS_MARKDOWN } from './socket-reference.js';

const ADMIN_PREFIX = '/admin_panel';
const FAILURE = z.toJSONSchema(ZFailure, { target: 'draft-2020-12' });

/** Paths the reference serves itself; never listed in it. */
const OWN_PATHS = ['/openapi.json', '/asyncapi.json'];

const DESCRIPTION = `The HTTP API of Ambassador Console.

- **Admin API** (\`${ADMIN_PREFIX}\`): what the console calls. Sign in with \`POST ${ADMIN_PREFIX}/login\`, then send
  the \`access_token\` and \`auth_project_id\` headers on every call (or \`Authorization: Bearer <token>\` and
  \`auth-project-id\`, for proxies that drop names with underscores). Calls about one device name it as
  \`device_id\` (query, body or path); a device of another project is refused (403).
- **Device API** (\`${DEVICE_API_PREFIX}\`): what a kiosk or chatbot calls, with its device key as
  \`Authorization: Bearer <key>\`.
- Every answer is an envelope: \`{success, message, data, total?}\` on success,
  \`{success: false, message, data: null, error}\` on failure, where \`error\` is a code a client can act on.

${SOCKET_EVENTS_MARKDOWN}`;

const UPLOAD_BODY = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary', description: 'The one file' } },
  required: ['file'],
};

const failureResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: FAILURE } },
});

type Doc = Record<string, unknown> & { response?: Record<string, unknown> };

/** Refusals every route of its kind can give, added to each route's own responses. */
function commonFailures(url: string, route: RouteOptions, schema: Doc): Record<string, unknown> {
  const config = (route.config ?? {}) as { access?: { public?: boolean }; upload?: boolean };
  const failures: Record<string, unknown> = {};
  const takesInput = Boolean(schema.body || schema.querystring || schema.params || config.upload);
  if (takesInput) failures['400'] = failureResponse('The input breaks the contract (`validation_error`)');
  if (url.startsWith(ADMIN_PREFIX) && !config.access?.public) {
    failures['401'] = failureResponse('No valid session (`unauthorized`, `session_expired`)');
    failures['403'] = failureResponse(
      'The role lacks the page, the password has expired, or a named device is another project’s',
    );
  }
  if (url.startsWith(DEVICE_API_PREFIX)) failures['401'] = failureResponse('No valid device key');
  failures['503'] = failureResponse('Busy (`overloaded`, with Retry-After) or shutting down: try again');
  return failures;
}

/** A success without its own description says so, rather than the generator's "Default Response". */
function described(responses: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => {
      const object = answer as Record<string, unknown>;
      return status.startsWith('2') && !object.description
        ? [status, { ...object, description: 'Success' }]
        : [status, answer];
    }),
  );
}

function security(url: string, route: RouteOptions) {
  const config = (route.config ?? {}) as { access?: { public?: boolean } };
  if (url.startsWith(DEVICE_API_PREFIX)) return [{ deviceKey: [] }];
  if (url.startsWith(ADMIN_PREFIX) && !config.access?.public) return [{ accessToken: [], projectId: [] }];
  return [];
}

const zodTransform = createJsonSchemaTransform({ skipList: OWN_PATHS, zodToJsonConfig: {} });

/**
 * `/openapi.json` (OpenAPI 3.1, generated from every route's declared contract), `/asyncapi.json`
 * (the realtime events) and `/docs`, a readable reference served from this server (no CDN).
 * Register before any route: routes are collected as they are added.
 */
export async function registerApiReference(app: FastifyInstance, { version }: { version: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Ambassador Console API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'access_token' },
          projectId: { type: 'apiKey', in: 'header', name: 'auth_project_id' },
          deviceKey: { type: 'http', scheme: 'bearer', description: 'The device key' },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = zodTransform(document) as { schema: Doc; url: string };
      if (!schema || schema.hide) return { schema, url };
      const route = document.route;
      const { upload, source } = (route.config ?? {}) as { upload?: boolean; source?: string };
      // Where to read on: the handler's file; its service and repo sit beside it.
      const where = source ? `Handler: \`${source}\`` : undefined;
      const description = [schema.description, where].filter(Boolean).join('\n\n');
      return {
        url,
        schema: {
          ...schema,
          ...(description ? { description } : {}),
          ...(source ? { 'x-handler': source } : {}),
          // Uploads are read from the stream by the route, not validated as a body: described here.
          ...(upload ? { consumes: ['multipart/form-data'], body: UPLOAD_BODY } : {}),
          security: security(url, route),
          response: {
            ...commonFailures(url, route, document.schema as Doc),
            ...described(schema.response ?? {}),
          },
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/asyncapi.json', { schema: { hide: true } }, async () => asyncApiDocument(version));

  // Swagger UI's page and scripts come from its package, served here: nothing from a CDN, no inline
  // script, so the app's own Content-Security-Policy holds for it too.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: 'Ambassador Console API' },
  });
}
