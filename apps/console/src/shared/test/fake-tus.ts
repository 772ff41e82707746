import { vi } from 'vitest';
import type { UploadResult } from '@ambassador/contracts';

/** Test support only: the server's tus endpoint behind the browser's XMLHttpRequest. */
export interface FakeTusUpload {
  id: string;
  length: number;
  offset: number;
  metadata: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeTusOptions {
  /** A refusal of a complete file, by its name: the last chunk's answer. */
  refuse?: Record<string, { status: number; error: string }>;
  /** PATCH requests (counted from 1) that fail as a dropped connection. */
  drop?: number[];
}

const decode = (header: string) =>
  Object.fromEntries(
    header.split(',').map((pair) => {
      const [key, value = ''] = pair.split(' ');
      return [key!, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
    }),
  );

/**
 * A tus 1.0 server in memory: POST creates, HEAD tells the offset, PATCH adds a chunk; the chunk
 * that completes a file answers with its media item. Answers after a tick, as a network does.
 */
export function fakeTus({ refuse = {}, drop = [] }: FakeTusOptions = {}) {
  const uploads: FakeTusUpload[] = [];
  const requests: Array<{ method: string; url: string }> = [];
  let patches = 0;

  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private request: Record<string, string> = {};
    private response: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return this.response[name.toLowerCase()] ?? null;
    }
    abort() {
      this.onload = null;
      this.onerror = null;
    }
    send(body: Blob | null) {
      requests.push({ method: this.method, url: this.url });
      setTimeout(() => this.answer(body), 1);
    }
    private reply(status: number, headers: Record<string, string> = {}, body?: unknown) {
      this.status = status;
      this.response = { 'tus-resumable': '1.0.0', ...headers };
      this.responseText = body === undefined ? '' : JSON.stringify(body);
      this.onload?.();
    }
    private answer(body: Blob | null) {
      const id = this.url.split('/').pop()!;
      const upload = uploads.find((u) => u.id === id);
      if (this.method === 'POST') {
        const created: FakeTusUpload = {
          id: `${uploads.length + 1}`.padStart(32, '0'),
          length: Number(this.request['upload-length']),
          offset: 0,
          metadata: decode(this.request['upload-metadata'] ?? ''),
          headers: this.request,
        };
        uploads.push(created);
        return this.reply(201, { location: `/admin_panel/media/uploads/${created.id}` });
      }
      if (!upload) return this.reply(404, {}, { success: false, message: 'gone', error: 'not_found' });
      if (this.method === 'HEAD') {
        return this.reply(200, {
          'upload-offset': String(upload.offset),
          'upload-length': String(upload.length),
        });
      }
      patches += 1;
      const size = body?.size ?? 0;
      if (drop.includes(patches)) {
        // Half the chunk arrived before the connection dropped.
        upload.offset += Math.floor(size / 2);
        this.onerror?.(new Error('network'));
        return;
      }
      if (Number(this.request['upload-offset']) !== upload.offset) {
        return this.reply(409, {}, { success: false, message: 'offset', error: 'upload_offset_mismatch' });
      }
      upload.offset += size;
      this.upload.onprogress?.({ lengthComputable: true, loaded: size });
      const headers = { 'upload-offset': String(upload.offset) };
      if (upload.offset < upload.length) return this.reply(204, headers);
      const name = upload.metadata.filename!;
      const refused = refuse[name];
      if (refused)
        return this.reply(refused.status, headers, { success: false, message: 'no', error: refused.error });
      const item: UploadResult = {
        media_id: 100 + uploads.indexOf(upload),
        url: `/media/${upload.id}.png`,
        mime: 'image/png',
        size: upload.length,
        filename: `${upload.id}.png`,
        kind: 'image',
        width: 4,
        height: 4,
        duration_ms: null,
        thumb_url: null,
        web_url: null,
        poster_url: null,
      };
      return this.reply(200, headers, { success: true, message: 'Uploaded.', data: item });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { uploads, requests };
}
