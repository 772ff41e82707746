import type { RuleKey, ValidationIssue } from '@ambassador/contracts';
import i18n from 'i18next';
import { authStore, isLoggedIn } from '@/shared/auth/auth-store';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { yieldToBrowser } from '@/shared/lib/yield-to-browser';
import { ApiError } from './api-error';

/** Same origin; every admin call lives under this prefix. */
export const API_BASE = '/admin_panel';

/** Calls that never carry auth headers (login has no token yet; logout sends its token in the body). */
const NO_AUTH_PATHS = new Set(['/login', '/logout']);

/** GETs that never add the selected device: the device list itself, and /video_call (ids go in its paths). */
function takesDeviceId(path: string): boolean {
  return path !== '/interface/devices' && !path.startsWith('/video_call');
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** Multipart body; takes the place of `body`. */
  form?: FormData;
  signal?: AbortSignal;
};

export type ApiResult<T> = {
  data: T;
  total: number | undefined;
  message: string;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

export function buildUrl(method: Method, path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const selected = authStore.get().selected_device;
  if (method === 'GET' && takesDeviceId(pathOnly(path)) && selected !== null && !params.has('device_id')) {
    params.set('device_id', String(selected));
  }
  const search = params.toString();
  if (!search) return `${API_BASE}${path}`;
  return `${API_BASE}${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function t(
  key: 'errors.network' | 'errors.unexpected_response' | 'errors.request_failed' | 'errors.session_ended',
  status?: number,
) {
  return i18n.isInitialized ? i18n.t(key, { status }) : `${key} ${status ?? ''}`.trim();
}

/** The headers of a call: JSON answers, and the session's token and project (not for login/logout). */
function callHeaders(path: string): Record<string, string> {
  const auth = authStore.get();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!NO_AUTH_PATHS.has(pathOnly(path)) && auth.access_token) {
    headers.access_token = auth.access_token;
    if (auth.auth_project_id !== null) headers.auth_project_id = String(auth.auth_project_id);
  }
  return headers;
}

/** A 401 to a signed-in call: back to the login screen, saying why. */
function endSessionOn401(status: number, path: string): void {
  if (status !== 401 || NO_AUTH_PATHS.has(pathOnly(path))) return;
  // The token is missing, unknown or expired (the screen that made the call is gone by the time
  // its own error would show).
  if (isLoggedIn(authStore.get())) notify.error(t('errors.session_ended'));
  authStore.clear();
}

/** Sends a call with the auth headers; a network failure becomes an ApiError. */
async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers = callHeaders(path);
  const init: RequestInit = { method, headers };
  if (options.form) {
    // The browser sets the multipart boundary itself.
    init.body = options.form;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  // Each call starts in a task of its own. A screen's queries start together in its first commit's
  // effects, and a call costs the browser 5–25 ms on a phone (more with DevTools watching): four
  // of them made that commit's task 100 ms longer (issue 20).
  await yieldToBrowser();
  let response: Response;
  try {
    response = await fetch(buildUrl(method, path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, t('errors.network'), 'network_error');
  }
  endSessionOn401(response.status, path);
  return response;
}

async function readEnvelope(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** A 400's failed rules as sent (checked by hand: zod stays out of the login chunk); others are left out. */
function issuesOf(body: Record<string, unknown>): ValidationIssue[] {
  if (!Array.isArray(body.issues)) return [];
  return body.issues.flatMap((issue: unknown) =>
    isRecord(issue) &&
    Array.isArray(issue.path) &&
    typeof issue.message === 'string' &&
    typeof issue.key === 'string' &&
    isRecord(issue.params)
      ? [
          {
            path: issue.path.filter(
              (p): p is string | number => typeof p === 'string' || typeof p === 'number',
            ),
            message: issue.message,
            key: issue.key as RuleKey,
            params: issue.params as ValidationIssue['params'],
          },
        ]
      : [],
  );
}

/** The ApiError a failed response stands for: the envelope's message, code and issues when it has them. */
function failureOf(status: number, body: unknown): ApiError {
  if (isRecord(body) && typeof body.success === 'boolean') {
    const message = typeof body.message === 'string' ? body.message : '';
    const code = typeof body.error === 'string' ? body.error : undefined;
    return new ApiError(status, message || t('errors.request_failed', status), code, issuesOf(body));
  }
  return new ApiError(status, t('errors.request_failed', status));
}

export async function request<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const response = await send(method, path, options);
  return resultOf<T>(response.status, await readEnvelope(response));
}

/** The envelope of an answer as the call's result, or the ApiError it stands for. */
function resultOf<T>(status: number, body: unknown): ApiResult<T> {
  const ok = status >= 200 && status < 300;
  if (!isRecord(body) || typeof body.success !== 'boolean') {
    if (!ok) throw failureOf(status, body);
    throw new ApiError(status, t('errors.unexpected_response'), 'bad_response');
  }
  if (!ok || !body.success) throw failureOf(status, body);
  return {
    data: body.data as T,
    total: typeof body.total === 'number' ? body.total : undefined,
    message: typeof body.message === 'string' ? body.message : '',
  };
}

/**
 * A call whose answer is a file (xlsx export, audio preview): the bytes on success, the envelope's
 * error otherwise. The file name comes from Content-Disposition when the server names one.
 */
export async function requestFile(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | undefined }> {
  const response = await send(method, path, options);
  if (!response.ok) throw failureOf(response.status, await readEnvelope(response));
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const filename = star ? decodeURIComponent(star[1]!) : plain?.[1];
  return { blob: await response.blob(), filename };
}

/** A multipart upload (images, xlsx and CSV imports): the form as given, the usual envelope back. */
export async function upload<T>(path: string, form: FormData, query?: Query): Promise<ApiResult<T>> {
  return request<T>('POST', path, { query, form });
}

/**
 * A multipart upload whose progress shows (fetch cannot tell how much of a body has gone):
 * `onProgress` gets the bytes sent and the total; `signal` aborts it (an AbortError, as fetch's).
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('POST', path, undefined));
    for (const [name, value] of Object.entries(callHeaders(path))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onerror = () => reject(new ApiError(0, t('errors.network'), 'network_error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      endSessionOn401(xhr.status, path);
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      try {
        resolve(resultOf<T>(xhr.status, body));
      } catch (error) {
        reject(error as Error);
      }
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const api = {
  upload,
  file: (path: string, query?: Query) => requestFile('GET', path, { query }),
  postFile: (path: string, body: unknown) => requestFile('POST', path, { body }),
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    request<T>('GET', path, signal ? { query, signal } : { query }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};
