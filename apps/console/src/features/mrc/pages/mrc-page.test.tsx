import { afterEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MrcAnswer, MrcDocument, MrcProject, MrcUploadResult } from '@ambassador/contracts';
import { DOCUMENT_UPLOAD_MAX_BYTES } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { fakeServer, type FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { dispatchLiveEvent } from '@/shared/realtime/live-socket';
import { MrcPage } from './mrc-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const doc = (id: number, filename: string, over: Partial<MrcDocument> = {}): MrcDocument => ({
  id,
  filename,
  format: 'pdf',
  status: 'Ready',
  failure: null,
  interrupted: false,
  failure_detail: null,
  pages: 12,
  language: 'english',
  language_offered: true,
  passages: 40,
  size: 2048,
  url: `/admin_panel/mrc/${id}/file`,
  create_datetime: '2026-03-04T10:00:00Z',
  scanned_at: '2026-03-04T10:01:00Z',
  scan_ms: 900,
  ...over,
});

async function axeViolations(node: HTMLElement) {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The browser's XMLHttpRequest, as POST /mrc answers each file: `answer` decides by the file. */
function fakeUploads(answer: (file: File) => MrcUploadResult) {
  const sent: { url: string; headers: Record<string, string>; form: FormData }[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
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
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({ url: this.url, headers: this.headers, form });
      const file = form.get('file') as File;
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true } as ProgressEvent);
        this.status = 200;
        this.responseText = JSON.stringify({ success: true, message: 'ok', data: answer(file) });
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const project = (built_at: string | null): MrcProject => ({
  device_id: 7,
  documents_ready: 1,
  documents_scanning: 0,
  passages: 40,
  built_at,
  generative: false,
  semantic: false,
});

const listOf = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/mrc');

describe('MrcPage', () => {
  it('lists the documents with their status, failure, language and date, and is accessible', async () => {
    const rows = [
      doc(1, 'visitor-guide.pdf'),
      doc(2, 'secret.pdf', { status: 'Failed', failure: 'encrypted', pages: null, language: null }),
      doc(3, 'menu.docx', { format: 'docx', language: 'japanese', language_offered: false }),
    ];
    const calls = fakeServer((call) =>
      call.method === 'GET' && call.path === '/mrc' ? { body: rows, total: 13 } : undefined,
    );
    renderWithApp(<MrcPage />, '/ai/mrc');

    const guide = await screen.findByTestId('mrc-row-1');
    expect(within(guide).getByText('Ready')).toBeTruthy();
    expect(within(guide).getByText('Mar 4, 2026', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('mrc-failure-2').textContent).toBe(
      'This PDF is password-protected. Remove the password and upload it again.',
    );
    expect(screen.getByTestId('mrc-language-warning-3').getAttribute('aria-label')).toMatch(
      /does not offer this language/,
    );
    expect(screen.queryByTestId('mrc-language-warning-1')).toBeNull();
    // Page 1 first, ten a page, newest first.
    const query = listOf(calls)[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      device_id: '7',
      limit: '10',
      offset: '0',
      sort_by: 'create_datetime',
      order: 'desc',
    });

    fireEvent.click(screen.getByTestId('mrc-sort-filename'));
    await vi.waitFor(() => expect(listOf(calls).at(-1)!.query.get('sort_by')).toBe('filename'));
    expect(listOf(calls).at(-1)!.query.get('order')).toBe('asc');

    fireEvent.change(within(screen.getByTestId('mrc-search')).getByRole('textbox'), {
      target: { value: 'guide' },
    });
    await vi.waitFor(() => expect(listOf(calls).at(-1)!.query.get('search')).toBe('guide'));

    expect(await axeViolations(screen.getByTestId('mrc-page'))).toEqual([]);
  });

  it('says so when a scan was interrupted, and that it resumes by itself', async () => {
    fakeServer((call) =>
      call.method === 'GET' && call.path === '/mrc'
        ? {
            body: [
              doc(6, 'menu.pdf', { status: 'Scanning', interrupted: true, pages: null }),
              doc(7, 'map.pdf', { status: 'Scanning', pages: null }),
            ],
            total: 2,
          }
        : undefined,
    );
    renderWithApp(<MrcPage />, '/ai/mrc');
    expect((await screen.findByTestId('mrc-interrupted-6')).textContent).toMatch(
      /Interrupted.*resumes by itself/,
    );
    expect(screen.queryByTestId('mrc-interrupted-7')).toBeNull();
    expect(await axeViolations(screen.getByTestId('mrc-page'))).toEqual([]);
  });

  it('refreshes while a document is scanning, with re-scan disabled until it is done', async () => {
    let status: MrcDocument['status'] = 'Scanning';
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/mrc') {
        const body = [doc(5, 'faq.pdf', { status, pages: null, language: null })];
        status = 'Ready';
        return { body, total: 1 };
      }
      return undefined;
    });
    renderWithApp(<MrcPage />, '/ai/mrc');

    expect((await screen.findByTestId('mrc-status-5')).textContent).toBe('Scanning');
    expect((screen.getByTestId('mrc-rescan-5') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('mrc-test-waiting').textContent).toMatch(/still being scanned/);
    expect((screen.getByTestId('mrc-test-ask') as HTMLButtonElement).disabled).toBe(true);

    // Asked again by itself (every 2 s) until it is Ready.
    await vi.waitFor(() => expect(screen.getByTestId('mrc-status-5').textContent).toBe('Ready'), {
      timeout: 5_000,
    });
    expect(listOf(calls).length).toBeGreaterThanOrEqual(2);
    expect((screen.getByTestId('mrc-rescan-5') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('mrc-test-waiting')).toBeNull();
  });

  it('asks the list again when the server says a document of the device changed', async () => {
    let status: MrcDocument['status'] = 'Ready';
    const calls = fakeServer((call) =>
      call.method === 'GET' && call.path === '/mrc'
        ? {
            body: [doc(6, 'plan.pdf', { status, failure: status === 'Failed' ? 'no_text' : null })],
            total: 1,
          }
        : undefined,
    );
    renderWithApp(<MrcPage />, '/ai/mrc');
    await screen.findByTestId('mrc-row-6');
    const before = listOf(calls).length;

    status = 'Failed';
    // Another device's document: nothing to ask.
    dispatchLiveEvent({ name: 'mrc_document', device_id: 8, id: 60, status: 'Ready' });
    dispatchLiveEvent({ name: 'mrc_document', device_id: 7, id: 6, status: 'Failed' });
    expect((await screen.findByTestId('mrc-failure-6')).textContent).toMatch(/^No text was found/);
    expect(listOf(calls).length).toBe(before + 1);
  });

  it('re-scans and deletes a document after the confirmation naming it', async () => {
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/mrc') return { body: [doc(4, 'map.pdf')], total: 1 };
      if (call.method === 'POST' && call.path === '/mrc/4/rescan')
        return { body: doc(4, 'map.pdf', { status: 'Scanning' }) };
      if (call.method === 'DELETE' && call.path === '/mrc') return { body: null };
      return undefined;
    });
    renderWithApp(<MrcPage />, '/ai/mrc');

    fireEvent.click(await screen.findByTestId('mrc-rescan-4'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/mrc/4/rescan')?.body).toEqual({ device_id: 7 }),
    );

    fireEvent.click(screen.getByTestId('mrc-delete-4'));
    const dialog = await screen.findByTestId('delete-dialog');
    expect(within(dialog).getByText('Delete map.pdf')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ device_id: 7, id: 4 }),
    );
  });

  it('uploads several files one by one and shows what was created and what was refused', async () => {
    fakeServer((call) =>
      call.method === 'GET' && call.path === '/mrc' ? { body: [], total: 0 } : undefined,
    );
    const sent = fakeUploads((file) =>
      file.name === 'notes.txt'
        ? {
            documents: [],
            refused: [{ filename: 'notes.txt', error: 'unsupported_type', message: 'Unsupported type' }],
          }
        : { documents: [doc(8, file.name, { status: 'Scanning' })], refused: [] },
    );
    renderWithApp(<MrcPage />, '/ai/mrc');
    expect((await screen.findByTestId('mrc-test-waiting')).textContent).toMatch(/Upload a document/);

    fireEvent.click(screen.getByTestId('mrc-upload'));
    const dialog = await screen.findByTestId('mrc-upload-dialog');
    expect(within(dialog).getByText('Upload file for scanning')).toBeTruthy();
    const huge = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: DOCUMENT_UPLOAD_MAX_BYTES + 1 });
    const files = [
      new File(['%PDF-1.7'], 'guide.pdf', { type: 'application/pdf' }),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      new File(['x'], 'photo.png', { type: 'image/png' }),
      huge,
    ];
    fireEvent.change(within(dialog).getByTestId('mrc-upload-input'), { target: { files } });

    const local = within(dialog)
      .getAllByTestId('mrc-upload-local-refusal')
      .map((n) => n.textContent);
    expect(local).toEqual([
      expect.stringMatching(/^Not a file type that can be scanned/),
      'Larger than 50.0 MB: split it or save a smaller version.',
    ]);
    const submit = within(dialog).getByTestId('mrc-upload-submit');
    expect(submit.textContent).toBe('Upload 2 files');
    // A double click sends once.
    fireEvent.click(submit);
    fireEvent.click(submit);

    expect(await within(dialog).findByTestId('mrc-upload-created')).toBeTruthy();
    expect(within(dialog).getByTestId('mrc-upload-created').textContent).toMatch(
      /1 document is being scanned\.guide\.pdf/,
    );
    expect(within(dialog).getByTestId('mrc-upload-refusal').textContent).toBe(
      'notes.txtThis file type is not supported.',
    );
    expect(sent.map((s) => (s.form.get('file') as File).name)).toEqual(['guide.pdf', 'notes.txt']);
    expect(sent[0]!.form.get('device_id')).toBe('7');
    expect(sent[0]!.url).toBe('/admin_panel/mrc');
    expect(sent[0]!.headers.access_token).toBe('tok');
  });

  it('asks a question after building the index, shows the answer and its passage in the document', async () => {
    const answer: MrcAnswer = {
      answered: true,
      declined: null,
      asked_for: [],
      text: 'The museum opens at 9 am.',
      score: 0.82,
      threshold: 0.5,
      source: {
        document_id: 1,
        filename: 'visitor-guide.pdf',
        page: 3,
        heading: 'Opening hours',
        passage_id: 31,
        language: 'english',
      },
      hits: [
        {
          passage_id: 31,
          document_id: 1,
          filename: 'visitor-guide.pdf',
          page: 3,
          heading: 'Opening hours',
          text: 'Welcome. The museum opens at 9 am. It closes at 6 pm.',
          score: 0.82,
          highlight: { start: 9, end: 34 },
        },
      ],
      generative: false,
      session_id: 's',
      took_ms: 12,
    };
    // After the answer, each question is declined for another reason.
    const unanswered = { ...answer, answered: false, text: null, source: null };
    const replies: MrcAnswer[] = [
      answer,
      { ...unanswered, declined: 'score', score: 0.2 },
      { ...unanswered, declined: 'asked_for', asked_for: ['time'], score: 0.61 },
      { ...unanswered, declined: 'model', score: 0.7 },
    ];
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/mrc')
        return { body: [doc(1, 'visitor-guide.pdf')], total: 1 };
      // The index is missing until POST builds it.
      if (call.path === '/mrc/projects')
        return { body: project(call.method === 'POST' ? '2026-03-04T10:02:00Z' : null) };
      if (call.method === 'POST' && call.path === '/mrc/query') return { body: replies.shift() };
      if (call.method === 'GET' && call.path === '/mrc/1/text')
        return {
          body: {
            document: doc(1, 'visitor-guide.pdf'),
            passages: [
              { id: 30, ordinal: 0, page: 1, heading: 'Welcome', text: 'A guide for visitors.' },
              { id: 31, ordinal: 1, page: 3, heading: 'Opening hours', text: answer.hits[0]!.text },
            ],
          },
        };
      return undefined;
    });
    renderWithApp(<MrcPage />, '/ai/mrc');
    await screen.findByTestId('mrc-row-1');

    const input = within(screen.getByTestId('mrc-test-input')).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'When do you open?' } });
    fireEvent.click(screen.getByTestId('mrc-test-ask'));

    const shown = await screen.findByTestId('mrc-test-answer');
    expect(shown.textContent).toMatch(/The museum opens at 9 am\./);
    expect(screen.getByTestId('mrc-test-source').textContent).toBe(
      'visitor-guide.pdf, page 3 · Opening hours',
    );
    expect(screen.getByTestId('mrc-test-score').textContent).toBe('Score 0.82');
    // Projects read, created as it was missing, then the query with the list's session.
    const flow = calls.filter((c) => c.path.startsWith('/mrc/')).map((c) => `${c.method} ${c.path}`);
    expect(flow).toEqual(['GET /mrc/projects', 'POST /mrc/projects', 'POST /mrc/query']);
    const query = calls.find((c) => c.path === '/mrc/query')!.body as Record<string, unknown>;
    expect(query).toMatchObject({ device_id: 7, text: 'When do you open?' });
    expect(typeof query.session_id).toBe('string');

    fireEvent.click(screen.getByTestId('mrc-test-show'));
    const viewer = await screen.findByTestId('mrc-viewer');
    expect((await within(viewer).findByTestId('mrc-viewer-highlight')).textContent).toBe(
      'The museum opens at 9 am.',
    );
    expect(within(viewer).getByTestId('mrc-viewer-hit').textContent).toMatch(/^Opening hours/);
    fireEvent.click(within(viewer).getByTestId('mrc-viewer-close'));

    // The index is built now: the next question goes straight to the query.
    fireEvent.change(input, { target: { value: 'Is there parking?' } });
    fireEvent.click(screen.getByTestId('mrc-test-ask'));
    expect((await screen.findByTestId('mrc-test-no-answer')).textContent).toMatch(/^No answer good enough/);
    expect(calls.filter((c) => c.path === '/mrc/projects')).toHaveLength(2);
    // Why each of the next two is not answered, in words the operator can act on.
    const noAnswer = async (question: string, count: number) => {
      fireEvent.change(input, { target: { value: question } });
      fireEvent.click(screen.getByTestId('mrc-test-ask'));
      await vi.waitFor(() => expect(screen.getAllByTestId('mrc-test-no-answer')).toHaveLength(count));
      return screen.getAllByTestId('mrc-test-no-answer').at(-1)!.textContent;
    };
    expect(await noAnswer('What time does the car park close?', 2)).toBe(
      'The question asks for a time, and the sentence the best passage (score 0.61) would quote gives none. ' +
        'The device would fall back to its other answers.',
    );
    expect(await noAnswer('Is the café halal?', 3)).toMatch(
      /^The language model found no answer in the best passages\./,
    );
    const sessions = calls
      .filter((c) => c.path === '/mrc/query')
      .map((c) => (c.body as { session_id: string }).session_id);
    expect(new Set(sessions).size).toBe(1);
  });
});
