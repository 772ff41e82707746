import {
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOADS_PATH,
  type MediaKind,
  type UploadResult,
} from '@ambassador/contracts';
import i18n from 'i18next';
import { Upload, type DetailedError, type HttpResponse } from 'tus-js-client';
import { ApiError } from '@/shared/api/api-error';
import { API_BASE, api } from '@/shared/api/client';
import { authStore } from '@/shared/auth/auth-store';

/** Waits between tries after a failed chunk: the network may take a while to come back. */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 30_000, 60_000];

export type UploadPhase = 'uploading' | 'paused' | 'retrying' | 'offline' | 'finishing';

export interface UploadProgress {
  phase: UploadPhase;
  sent: number;
  total: number;
}

export interface ResumableUpload {
  /** The media item the file became; a refusal is an ApiError with the server's code. */
  done: Promise<UploadResult>;
  pause(): void;
  resume(): void;
  /** Stops and deletes what arrived on the server. */
  cancel(): Promise<void>;
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** A tus failure as the console's ApiError: the server's envelope, or a network error. */
function apiErrorOf(error: Error | DetailedError): ApiError {
  const response = (error as DetailedError).originalResponse;
  if (!response) return new ApiError(0, i18n.t('errors.network'), 'network_error');
  const status = response.getStatus();
  if (status === 401) authStore.clear();
  try {
    const body = JSON.parse(response.getBody()) as { message?: string; error?: string };
    return new ApiError(status, body.message ?? `HTTP ${status}`, body.error);
  } catch {
    return new ApiError(status, `HTTP ${status}`);
  }
}

/** Tried again: no answer (the network), the server busy or restarting, a lock or offset clash. */
function worthRetrying(error: DetailedError) {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || [409, 423, 429].includes(status);
}

/** The last answer's media item, else (an upload found complete on resuming) asked for. */
async function resultOf(url: string, last: HttpResponse): Promise<UploadResult> {
  try {
    const body = JSON.parse(last.getBody()) as { success?: boolean; data?: UploadResult };
    if (body.success && body.data) return body.data;
  } catch {
    // A HEAD or an empty 204: no body.
  }
  const id = url.slice(url.lastIndexOf('/') + 1);
  return (await api.get<UploadResult>(`${RESUMABLE_UPLOADS_PATH}/${id}/result`)).data;
}

/**
 * Sends a file to the server's resumable upload endpoint (tus) in chunks: a dropped connection
 * is tried again with growing waits (and, offline, once the browser is back online); the
 * upload's address is kept in localStorage, so after a reload the same file chosen again
 * continues where it stopped.
 */
export function startResumableUpload(
  file: File,
  {
    deviceId,
    kind,
    onProgress,
  }: { deviceId: number; kind: MediaKind; onProgress: (p: UploadProgress) => void },
): ResumableUpload {
  const auth = authStore.get();
  let phase: UploadPhase = 'uploading';
  let sent = 0;
  const report = (next: UploadPhase) => {
    phase = next;
    onProgress({ phase, sent, total: file.size });
  };
  let settle!: { resolve: (r: UploadResult) => void; reject: (e: unknown) => void };
  const done = new Promise<UploadResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let waitingForNetwork: (() => void) | null = null;
  const stopWaiting = () => {
    if (waitingForNetwork) window.removeEventListener('online', waitingForNetwork);
    waitingForNetwork = null;
  };

  const upload: Upload = new Upload(file, {
    endpoint: `${API_BASE}${RESUMABLE_UPLOADS_PATH}`,
    chunkSize: RESUMABLE_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { device_id: String(deviceId), kind, filename: file.name },
    headers: {
      access_token: auth.access_token,
      ...(auth.auth_project_id === null ? {} : { auth_project_id: String(auth.auth_project_id) }),
    },
    // The same file, for the same signed-in project, device and kind, continues an earlier upload.
    fingerprint: async (f) =>
      [
        'ac-media',
        auth.auth_project_id,
        auth.user_info?.user_id,
        deviceId,
        kind,
        f.name,
        f.size,
        f.lastModified,
      ].join('/'),
    removeFingerprintOnSuccess: true,
    onShouldRetry: (error) => {
      const retry = worthRetrying(error);
      if (retry) report('retrying');
      return retry;
    },
    onProgress: (bytes) => {
      sent = bytes;
      report(bytes >= file.size ? 'finishing' : 'uploading');
    },
    onSuccess: ({ lastResponse }) => {
      stopWaiting();
      report('finishing');
      resultOf(upload.url ?? '', lastResponse).then(settle.resolve, settle.reject);
    },
    onError: (error) => {
      const failure = apiErrorOf(error);
      // Out of tries while the browser is offline: carry on once it is back.
      if (failure.status === 0 && !isOnline()) {
        report('offline');
        waitingForNetwork = () => {
          stopWaiting();
          report('uploading');
          upload.start();
        };
        window.addEventListener('online', waitingForNetwork);
        return;
      }
      stopWaiting();
      settle.reject(failure);
    },
  });

  void upload
    .findPreviousUploads()
    .then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    })
    .finally(() => {
      report('uploading');
      upload.start();
    });

  return {
    done,
    pause() {
      if (phase === 'finishing') return;
      void upload.abort();
      stopWaiting();
      report('paused');
    },
    resume() {
      if (phase !== 'paused') return;
      report('uploading');
      upload.start();
    },
    async cancel() {
      stopWaiting();
      await upload.abort(true).catch(() => undefined);
      settle.reject(new ApiError(0, i18n.t('upload.cancelled'), 'cancelled'));
    },
  };
}
