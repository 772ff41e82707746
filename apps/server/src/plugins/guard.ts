import { canOpen, type PagePath } from '@ambassador/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, conflict, forbidden } from '../lib/errors.js';
import { failedRule, validate } from '../lib/validate.js';
import { readDeviceScope, type DeviceFields, type DeviceScope } from './device-scope.js';
import type { AuthContext, AuthService } from '../modules/auth/index.js';
import type { DevicesService } from '../modules/devices/index.js';

/** What a route asks of its caller; set as the route's `config.access`. */
export interface RouteAccess {
  /** No token needed (login, logout). */
  public?: boolean;
  /** The page whose access the caller needs: its role's pages, narrowed by its page_access. */
  page?: PagePath;
  /** The service decides itself (users may change their own password without Admin Settings). */
  pageCheckedByService?: boolean;
  /** Still reachable while the caller's password has expired. */
  allowExpired?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Fields besides device_id / device_ids that name devices of the project. */
    devices?: DeviceFields;
    /** The route takes one file as multipart/form-data (the security battery sends it broken ones). */
    upload?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    deviceScope: DeviceScope | null;
  }
}

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The caller's token and project: the console's `access_token` and `auth_project_id`, or, for clients
 * and proxies that drop header names with underscores (nginx does by default),
 * `Authorization: Bearer <token>` and `auth-project-id`.
 */
function credentials(req: FastifyRequest) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  return {
    token: header(req, 'access_token') ?? bearer,
    projectId: header(req, 'auth_project_id') ?? header(req, 'auth-project-id'),
  };
}

/**
 * Authenticates every admin call that is not public: token and project header (401/403),
 * expired password, page access by role and page_access, and the devices the request names —
 * in its query, body and path alike — are the project's (403), one device at a time (400).
 * Runs before validation, so an unauthenticated caller learns nothing from a 400.
 */
export function registerGuard(app: FastifyInstance, deps: { auth: AuthService; devices: DevicesService }) {
  app.decorateRequest('auth', null);
  app.decorateRequest('deviceScope', null);
  app.addHook('preValidation', async (req) => {
    const { access = {}, devices: declared } = req.routeOptions.config;
    if (access.public) return;
    const { token, projectId } = credentials(req);
    const auth = await deps.auth.authenticate(token, projectId);
    if (auth.passwordExpired && !access.allowExpired) {
      throw forbidden('Your password has expired. Set a new password first.', 'password_expired');
    }
    if (access.page && !access.pageCheckedByService && !canOpen(auth.pageAccess, access.page)) {
      throw forbidden('Your role does not have access to this page.');
    }
    const scope = readDeviceScope(req, declared);
    await checkDevices(deps.devices, scope.all, auth.projectId, declared?.archived);
    req.auth = auth;
    req.deviceScope = scope;
  });
}

/**
 * The devices a request names are the project's (403) and, unless the route works on archived
 * ones, not archived (409): the guard's check, also for a device named where the guard cannot read
 * it (a multipart form field).
 */
export async function checkDevices(
  devices: Pick<DevicesService, 'checkScope'>,
  ids: number[],
  projectId: number,
  archivedAllowed = false,
) {
  const { inProject, archived } = await devices.checkScope(ids, projectId);
  if (!inProject) throw forbidden('This device is not in your project.');
  if (archived && !archivedAllowed) {
    throw conflict(
      'This device is archived. Restore it in Admin Settings → Devices to work on it again.',
      'device_archived',
    );
  }
}

/** The device this request acts on, as the guard resolved and checked it; none named is a 400. */
export function deviceIdOf(req: FastifyRequest): number {
  const id = req.deviceScope?.deviceId;
  if (id === undefined) {
    throw new AppError(400, 'validation_error', 'device_id: Required', undefined, [
      failedRule('device_id', 'required'),
    ]);
  }
  return id;
}

/**
 * Input validated by its contract, with its device_id pinned to the device the guard resolved and
 * checked: services that take a whole request act on that device whatever the input said.
 */
export function scoped<S extends z.ZodType<{ device_id: number }>>(
  req: FastifyRequest,
  schema: S,
  input: unknown,
): z.output<S> {
  return { ...validate(schema, input), device_id: deviceIdOf(req) };
}

/**
 * Input its route's contract already checked, with device_id pinned to the device the guard
 * resolved: services that take a whole request act on that device whatever the input said.
 */
export function pinned<T extends { device_id: number }>(req: FastifyRequest, input: T): T {
  return { ...input, device_id: deviceIdOf(req) };
}

/** The authenticated caller; routes behind the guard always have one. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error('authOf called on a route without the guard');
  return req.auth;
}
