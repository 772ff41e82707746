import { vi } from 'vitest';

export type SentUpload = { url: string; names: string[]; form: FormData; headers: Record<string, string> };

/**
 * The browser's XMLHttpRequest (uploads report progress through it): each request reports half
 * its bytes sent, then answers with `answer(sent)` as its data, or the refusal `refuse` gives for
 * its first file's name. Answers come on a timer, as a network's would.
 */
export function fakeUploads(
  answer: (sent: SentUpload) => unknown,
  refuse: Record<string, { status: number; error: string }> = {},
) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(form: FormData) {
      const names = form.getAll('files').map((f) => (f as File).name);
      const request = { url: this.url, names, form, headers: this.headers };
      sent.push(request);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const refused = refuse[names[0]!];
        if (refused) {
          this.status = refused.status;
          this.responseText = JSON.stringify({ success: false, message: 'no', error: refused.error });
        } else {
          this.status = 200;
          this.responseText = JSON.stringify({ success: true, message: 'ok', data: answer(request) });
        }
        this.onload?.();
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
