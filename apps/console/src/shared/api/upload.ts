import i18n from 'i18next';
import { authStore } from '@/shared/auth/auth-store';
import { ApiError } from './api-error';
import { API_BASE } from './client';

/**
 * POST a multipart form to an admin path, reporting the bytes sent (fetch cannot: an
 * XMLHttpRequest can). Resolves with the envelope's data; a refusal is an ApiError with the
 * server's code, and a token that no longer works goes back to the login screen as the API client does.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const auth = authStore.get();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (auth.access_token) xhr.setRequestHeader('access_token', auth.access_token);
    if (auth.auth_project_id !== null) xhr.setRequestHeader('auth_project_id', String(auth.auth_project_id));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t('errors.network'), 'network_error'));
    xhr.onload = () => {
      let body: { success?: boolean; data?: T; message?: string; error?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      if (xhr.status === 401) authStore.clear();
      if (xhr.status === 200 && body?.success) resolve(body.data as T);
      else reject(new ApiError(xhr.status, body?.message ?? `HTTP ${xhr.status}`, body?.error));
    };
    xhr.send(form);
  });
}
