import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { AUTH_STORAGE_KEY, LOGGED_OUT, authStore, type AuthState } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { ApiError } from './api-error';
import { api, uploadWithProgress } from './client';

const signedIn: AuthState = {
  access_token: 'tok-123',
  auth_project_id: 7,
  user_info: {
    project_id: 7,
    user_id: 1,
    username: 'admin',
    role_id: 3,
    is_password_expired: false,
    languages: ['english'],
  },
  page_access: 'all',
  device_list: [
    { id: 42, description: 'Lobby kiosk', kind: 'ambassador' },
    { id: 43, description: 'Web bot', kind: 'chatbot' },
  ],
  selected_device: 42,
  status: 'logged_in',
};

type Call = { url: string; init: RequestInit };
let calls: Call[];

/** A fake server: fetch is the browser boundary, so this is the one place it is mocked. */
function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

beforeEach(() => {
  calls = [];
  authStore.set(signedIn);
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('api client', () => {
  it('adds the selected device to GETs and the auth headers to every call', async () => {
    respond(200, { success: true, message: 'ok', data: [], total: 0 });
    await api.get('/admin_settings/users', { limit: 10, offset: 20 });
    expect(calls[0]?.url).toBe('/admin_panel/admin_settings/users?limit=10&offset=20&device_id=42');
    expect(headersOf(calls[0])).toMatchObject({ access_token: 'tok-123', auth_project_id: '7' });
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('follows the device selector', async () => {
    respond(200, { success: true, message: 'ok', data: [] });
    authStore.update({ selected_device: 43 });
    await api.get('/dashboard/graph');
    expect(calls[0]?.url).toBe('/admin_panel/dashboard/graph?device_id=43');
  });

  it('leaves device_id off the device list and video-call GETs, and off writes', async () => {
    respond(200, { success: true, message: 'ok', data: null });
    await api.get('/interface/devices', { project_id: 7 });
    await api.get('/video_call/list/42');
    await api.post('/admin_settings/users', { username: 'x' });
    expect(calls.map((c) => c.url)).toEqual([
      '/admin_panel/interface/devices?project_id=7',
      '/admin_panel/video_call/list/42',
      '/admin_panel/admin_settings/users',
    ]);
    // Still authenticated calls.
    expect(headersOf(calls[0]).access_token).toBe('tok-123');
  });

  it('sends JSON bodies, including on DELETE', async () => {
    respond(200, { success: true, message: 'Deleted', data: null });
    await api.delete('/admin_settings/users', { device_id: 42, user_id: 5 });
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ device_id: 42, user_id: 5 }));
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
  });

  it('sends no auth headers on login and logout', async () => {
    respond(200, { success: true, message: 'ok', data: null });
    await api.post('/login', { username: 'a', password: 'b' });
    await api.post('/logout', { access_token: 'tok-123' });
    for (const call of calls) {
      expect(headersOf(call)).not.toHaveProperty('access_token');
      expect(headersOf(call)).not.toHaveProperty('auth_project_id');
    }
  });

  it('unwraps the envelope into data, total and message', async () => {
    respond(200, { success: true, message: 'Fetched', data: [{ user_id: 1 }], total: 31 });
    const result = await api.get<{ user_id: number }[]>('/admin_settings/users');
    expect(result).toEqual({ data: [{ user_id: 1 }], total: 31, message: 'Fetched' });
  });

  it('throws the server message and code when success is false, even with HTTP 200', async () => {
    respond(200, { success: false, message: 'Username already exists', data: null, error: 'conflict' });
    const error = await api.post('/admin_settings/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, message: 'Username already exists', code: 'conflict' });
  });

  it("keeps a 400's failed rules, and leaves out any it cannot read", async () => {
    const issue = {
      path: ['name'],
      message: 'Maximum 80 characters',
      key: 'maximum_characters',
      params: { max: 80 },
    };
    respond(400, {
      success: false,
      message: 'Invalid input. name: Maximum 80 characters',
      data: null,
      error: 'validation_error',
      issues: [issue, { path: 'name', key: 3 }],
    });
    await expect(api.post('/ai_config/categories', {})).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
      issues: [issue],
    });
  });

  it('throws on an HTTP error status with the server message', async () => {
    respond(409, {
      success: false,
      message: 'You cannot delete your own account',
      data: null,
      error: 'forbidden_self',
    });
    await expect(api.delete('/admin_settings/users', { user_id: 1 })).rejects.toMatchObject({
      status: 409,
      message: 'You cannot delete your own account',
      code: 'forbidden_self',
    });
    // Not a 401: still signed in.
    expect(authStore.get().status).toBe('logged_in');
  });

  it('signs out on a 401 and forgets the stored session', async () => {
    respond(401, { success: false, message: 'Token expired', data: null, error: 'unauthorized' });
    await expect(api.get('/admin_settings/users')).rejects.toMatchObject({
      status: 401,
      message: 'Token expired',
    });
    expect(authStore.get().status).toBe('logged_out');
    expect(authStore.get().access_token).toBe('');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(snackbarStore.get()).toMatchObject({
      open: true,
      status: 'error',
      text: 'Your session has ended. Please sign in again.',
    });
  });

  it('does not treat a wrong password at login as a lost session', async () => {
    respond(401, {
      success: false,
      message: 'Incorrect username or password',
      data: null,
      error: 'unauthorized',
    });
    await expect(api.post('/login', { username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
      message: 'Incorrect username or password',
    });
    expect(authStore.get().status).toBe('logged_in');
  });

  it('turns a network failure into a readable error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/admin_settings/users')).rejects.toMatchObject({
      status: 0,
      message: 'Cannot reach the server. Check your connection and try again.',
    });
  });

  it('reports a non-JSON error page by its status', async () => {
    respond(502, '<html>Bad gateway</html>');
    await expect(api.get('/admin_settings/users')).rejects.toMatchObject({
      status: 502,
      message: 'The request failed (HTTP 502).',
    });
  });

  it('persists the session uncompressed under "auth"', () => {
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as AuthState;
    expect(stored.access_token).toBe('tok-123');
    expect(stored.selected_device).toBe(42);
    expect(stored.device_list[0]?.description).toBe('Lobby kiosk');
  });
});

/** The browser's XMLHttpRequest answering `status` with `body` after reporting half the upload sent. */
function xhrResponds(status: number, body: unknown) {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private call = { url: '', headers: {} as Record<string, string> };
    open(_method: string, url: string) {
      this.call.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.call.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push(this.call);
      queueMicrotask(() => {
        this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
        this.status = status;
        this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploadWithProgress', () => {
  it('sends the form with the auth headers and reports its progress', async () => {
    const sent = xhrResponds(200, { success: true, message: 'ok', data: { id: 1 } });
    const progress: [number, number][] = [];
    const result = await uploadWithProgress<{ id: number }>('/mrc', new FormData(), {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.data).toEqual({ id: 1 });
    expect(progress).toEqual([[5, 10]]);
    expect(sent[0]).toEqual({
      url: '/admin_panel/mrc',
      headers: { Accept: 'application/json', access_token: 'tok-123', auth_project_id: '7' },
    });
  });

  it('throws the envelope’s error, and signs out on a 401', async () => {
    xhrResponds(413, { success: false, message: 'Too large', data: null, error: 'file_too_large' });
    await expect(uploadWithProgress('/mrc', new FormData())).rejects.toMatchObject({
      status: 413,
      code: 'file_too_large',
    });
    expect(authStore.get().status).toBe('logged_in');
    xhrResponds(401, { success: false, message: 'Token expired', data: null, error: 'unauthorized' });
    await expect(uploadWithProgress('/mrc', new FormData())).rejects.toBeInstanceOf(ApiError);
    expect(authStore.get().status).toBe('logged_out');
  });
});
