import { canOpen, type PagePath } from '@ambassador/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.js';
import type { AuthContext, AuthService } from '../modules/auth/service.js';
import type { DevicesService } from '../modules/devices/service.js';

/** What a route asks of its caller; set as the route's `config.access`. */
export interface RouteAccess {
  /** No token needed (login, logout). */
  public?: boolean;
  /** The page whose access the caller needs (SPEC §6 roles, narrowed by page_access). */
  page?: PagePath;
  /** The service decides itself (users may change their own password without Admin Settings). */
  pageCheckedByService?: boolean;
  /** Still reachable while the caller's password has expired. */
  allowExpired?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A device_id the request names, from the query or a JSON body. */
function requestedDeviceId(req: FastifyRequest): unknown {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.device_id;
  if (fromQuery !== undefined && fromQuery !== '') return fromQuery;
  const body = req.body;
  if (body && typeof body === 'object' && 'device_id' in body)
    return (body as { device_id: unknown }).device_id;
  return undefined;
}

/**
 * Authenticates every admin call that is not public: token and project header (401/403),
 * expired password, page access by role and page_access, and that a named device is the project's.
 */
export function registerGuard(app: FastifyInstance, deps: { auth: AuthService; devices: DevicesService }) {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config.access ?? {};
    if (access.public) return;
    const auth = await deps.auth.authenticate(header(req, 'access_token'), header(req, 'auth_project_id'));
    if (auth.passwordExpired && !access.allowExpired) {
      throw forbidden('Your password has expired. Set a new password first.', 'password_expired');
    }
    if (access.page && !access.pageCheckedByService && !canOpen(auth.pageAccess, access.page)) {
      throw forbidden('Your role does not have access to this page.');
    }
    const deviceId = requestedDeviceId(req);
    if (deviceId !== undefined && deviceId !== null) {
      const id = Number(deviceId);
      // A malformed id is left to the route's validation (400); a well-formed foreign one is 403.
      if (Number.isInteger(id) && id > 0 && !(await deps.devices.belongsToProject(id, auth.projectId))) {
        throw forbidden('This device is not in your project.');
      }
    }
    req.auth = auth;
  });
}

/** The authenticated caller; routes behind the guard always have one. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error('authOf called on a route without the guard');
  return req.auth;
}
