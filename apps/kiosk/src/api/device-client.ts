import { DEVICE_API_PREFIX } from '@ambassador/contracts/names';

/**
 * A failed device API call. `status` 0 means the request never got an answer (offline, refused,
 * timed out); `code` is the server's error code (`unauthorized`, `tts_unavailable`, …).
 */
export class DeviceApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DeviceApiError';
  }

  get isNetwork() {
    return this.status === 0;
  }

  /** Worth sending again unchanged: no answer, a timeout, rate limiting or a server fault. */
  get retryable() {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export type ClientOptions = {
  key: string;
  timeoutMs: number;
  /** The key was refused (wrong or revoked): the app goes back to pairing. */
  onUnauthorized?: () => void;
};

export type CallOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function errorFrom(res: Response): Promise<DeviceApiError> {
  let message = `Request failed (${res.status})`;
  let code = 'http_error';
  try {
    const body: unknown = await res.json();
    if (isRecord(body)) {
      if (typeof body.message === 'string' && body.message) message = body.message;
      if (typeof body.error === 'string' && body.error) code = body.error;
    }
  } catch {
    // Not JSON (a proxy's error page): keep the generic message.
  }
  if (res.status === 401 && code === 'http_error') code = 'unauthorized';
  return new DeviceApiError(res.status, code, message);
}

/** Device API calls with the key, a timeout, the envelope unwrapped and 401 reported once. */
export function createDeviceClient({ key, timeoutMs, onUnauthorized }: ClientOptions) {
  async function send(method: 'GET' | 'POST', path: string, options: CallOptions): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abort = () => controller.abort();
    options.signal?.addEventListener('abort', abort);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${key}`,
      ...options.headers,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const res = await fetch(`${DEVICE_API_PREFIX}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
      if (!res.ok) {
        const error = await errorFrom(res);
        if (res.status === 401) onUnauthorized?.();
        throw error;
      }
      return res;
    } catch (error) {
      if (error instanceof DeviceApiError) throw error;
      // The caller gave up (session ended): not a failure worth showing.
      if (options.signal?.aborted) throw error;
      throw new DeviceApiError(0, timedOut ? 'timeout' : 'network', 'No answer from the server');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
  }

  return {
    async json<T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
      const res = await send(method, path, options);
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new DeviceApiError(res.status, 'bad_response', 'Unexpected answer from the server');
      }
      if (!isRecord(body) || body.success !== true || !('data' in body)) {
        const message = isRecord(body) && typeof body.message === 'string' ? body.message : '';
        throw new DeviceApiError(res.status, 'bad_response', message || 'Unexpected answer from the server');
      }
      return body.data as T;
    },
    async blob(path: string, options: CallOptions = {}): Promise<Blob> {
      const res = await send('POST', path, options);
      return res.blob();
    },
  };
}

export type DeviceClient = ReturnType<typeof createDeviceClient>;
