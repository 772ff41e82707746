import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DOCUMENT_UPLOAD_MAX_BYTES,
  MRC_MAX_DOCUMENTS,
  type MrcDocument,
  type MrcUploadResult,
} from '@ambassador/contracts';
import {
  ADMIN,
  TINY_PNG,
  backends,
  login,
  multipartForm,
  otherProject,
  storedFiles,
  suiteApp,
  type Session,
} from '../../test/harness.js';
import { createDevice } from '../../test/sockets.js';
import { media, mrcDocuments, mrcPassages } from '../../db/schema.js';
import { queryRows } from '../../db/client.js';
import { MEDIA_SWEEP } from '../../jobs/housekeeping.js';
import fs from 'node:fs/promises';
import { classifyText, decodeText } from '../../media/documents.js';
import { createMediaStore } from '../../media/store.js';
import { createJobQueue } from '../../jobs/queue.js';
import { silentNotifier } from '../../realtime/types.js';
import { ScanFailure, type ExtractDocument } from './extract/types.js';
import { createMrcRepo } from './repo.js';
import { createMrcService, SCAN_ERROR_DETAIL, SCAN_LEASE_MS } from './service.js';
import { docxOf, encryptedPdf, pdfOf, sentences } from '../../test/document-fixtures.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const docx = (text: string) => docxOf([{ text }]);
const TXT = Buffer.from('Opening hours\nThe museum opens at nine and closes at six.\n');
const HTML = Buffer.from('<!doctype html><html><body><p>The café is on level 2.</p></body></html>');
const MD = Buffer.from('# Parking\n\nVisitors park in car park B.\n');

/** `POST /mrc` as the console sends it: the device field first, then the files. */
function postDocuments(
  app: FastifyInstance,
  s: Session,
  fields: Record<string, string>,
  files: Array<{ name: string; content: Buffer }>,
) {
  const body = multipartForm(
    fields,
    files.map((f) => ({ field: 'file', type: 'application/octet-stream', ...f })),
  );
  return app.inject({
    method: 'POST',
    url: '/admin_panel/mrc',
    headers: { ...s.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('text documents are told apart by their content', () => {
  it('accepts UTF-8 with and without a BOM and UTF-16 with one; refuses binary and broken text', () => {
    expect(decodeText(Buffer.from('hello 你好'))).toBe('hello 你好');
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('hi')]))).toBe('hi');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('展覽', 'utf16le')]);
    expect(decodeText(utf16)).toBe('展覽');
    expect(decodeText(Buffer.from([0x61, 0x00, 0x62]))).toBeNull();
    expect(decodeText(Buffer.from([0x61, 0xc3, 0x28]))).toBeNull();
  });
  it('decides HTML, Markdown or plain text', () => {
    expect(classifyText('<!DOCTYPE html><title>x</title>', 'a.txt').mime).toBe('text/html');
    expect(classifyText('Intro <p>para</p>', 'a.txt').mime).toBe('text/html');
    expect(classifyText('plain words', 'notes.md').mime).toBe('text/markdown');
    expect(classifyText('intro\n## Heading\ntext', 'a.txt').mime).toBe('text/markdown');
    expect(classifyText('Just words. #hashtag', 'a.txt').mime).toBe('text/plain');
  });
});

describe.each(backends)('document scanning on %s', (kind) => {
  const t = suiteApp(kind);
  let admin: Session;
  let other: Session;
  let lobby: number;
  let foreign: number;

  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    lobby = (await createDevice(t.app, admin, 'Documents Lobby')).id;
    const tenant = await otherProject(t.database);
    other = await login(t.app, tenant.username, tenant.password);
    foreign = tenant.deviceId;
  });

  const upload = (deviceId: number, files: Array<{ name: string; content: Buffer }>, s = admin) =>
    postDocuments(t.app, s, { device_id: String(deviceId) }, files);
  const uploaded = async (deviceId: number, files: Array<{ name: string; content: Buffer }>) => {
    const res = await upload(deviceId, files);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MrcUploadResult;
  };
  const sweep = () => t.app.housekeepingTasks.find((x) => x.name === MEDIA_SWEEP)!.run();
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${url}`, headers: s.headers, ...(payload && { payload }) });
  const list = async (query: string) => {
    const res = await call('GET', `/mrc?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: MrcDocument[]; total: number };
    return { names: body.data.map((d) => d.filename), total: body.total, data: body.data };
  };

  it('stores each kind of document as Scanning, decided by its bytes, and queues its scan', async () => {
    const device = (await createDevice(t.app, admin, 'Documents Formats')).id;
    const result = await uploaded(device, [
      { name: 'guide.pdf', content: PDF },
      { name: 'floor plan.docx', content: await docx('Level 1 has the shop.') },
      { name: 'hours.txt', content: TXT },
      { name: 'cafe.html', content: HTML },
      { name: 'parking.md', content: MD },
    ]);
    expect(result.refused).toEqual([]);
    expect(result.documents.map((d) => [d.filename, d.format, d.status])).toEqual([
      ['guide.pdf', 'pdf', 'Scanning'],
      ['floor plan.docx', 'docx', 'Scanning'],
      ['hours.txt', 'txt', 'Scanning'],
      ['cafe.html', 'html', 'Scanning'],
      ['parking.md', 'markdown', 'Scanning'],
    ]);
    expect(result.documents[0]).toMatchObject({ size: PDF.length, passages: 0, pages: null });
    // No thumbnails for documents: only the originals are stored.
    const rows = await t.database.db.select().from(media).where(eq(media.kind, 'document'));
    expect(rows.filter((r) => r.variants && Object.keys(r.variants).length > 0)).toEqual([]);
    const keys = (
      await queryRows<{ key: string }>(t.database.db, sql`select key from jobs where kind = 'mrc-scan'`)
    ).map((r) => r.key);
    for (const d of result.documents) expect(keys).toContain(`mrc-scan:${d.id}`);
  });

  it('refuses a file that is not a document, naming what it is, while the others are stored', async () => {
    const before = await storedFiles(t.config.mediaDir);
    const result = await uploaded(lobby, [
      { name: 'picture.pdf', content: TINY_PNG },
      { name: 'binary.txt', content: Buffer.from([0x61, 0x00, 0x62, 0x63]) },
      { name: 'empty.txt', content: Buffer.alloc(0) },
      { name: 'notes.txt', content: Buffer.from('Notes only stored here.') },
    ]);
    expect(result.documents.map((d) => d.filename)).toEqual(['notes.txt']);
    expect(result.refused.map((r) => [r.filename, r.error])).toEqual([
      ['picture.pdf', 'unsupported_type'],
      ['binary.txt', 'unsupported_type'],
      ['empty.txt', 'empty_file'],
    ]);
    expect(result.refused[0]!.message).toContain('image/png');
    // Only the one accepted file was stored.
    const after = await storedFiles(t.config.mediaDir);
    expect(after.filter((f) => !before.includes(f))).toHaveLength(1);
  });

  it('refuses a file over 50 MB as soon as it passes the limit, and stores nothing of it', async () => {
    const before = await storedFiles(t.config.mediaDir);
    const big = Buffer.alloc(DOCUMENT_UPLOAD_MAX_BYTES + 1024, 0x61);
    const result = await uploaded(lobby, [
      { name: 'huge.txt', content: big },
      { name: 'small.md', content: Buffer.from('# Small\n\nStored once.') },
    ]);
    expect(result.refused.map((r) => [r.filename, r.error])).toEqual([['huge.txt', 'file_too_large']]);
    expect(result.documents.map((d) => d.filename)).toEqual(['small.md']);
    const after = await storedFiles(t.config.mediaDir);
    expect(after.filter((f) => !before.includes(f))).toHaveLength(1);
  });

  it('lists a device’s documents with search, language filter, sort and paging; Removed never', async () => {
    const device = (await createDevice(t.app, admin, 'Documents List')).id;
    const names = ['b-menu.txt', 'a-map.txt', 'c-hours.txt', 'd-events.txt'];
    const { documents } = await uploaded(
      device,
      names.map((name, i) => ({ name, content: Buffer.from(`Document ${i} ${name}`) })),
    );
    await t.database.db
      .update(mrcDocuments)
      .set({ language: 'english', status: 'Ready' })
      .where(eq(mrcDocuments.id, documents[0]!.id));
    expect((await list(`device_id=${device}&sort_by=filename&order=asc`)).names).toEqual([
      'a-map.txt',
      'b-menu.txt',
      'c-hours.txt',
      'd-events.txt',
    ]);
    const page = await list(`device_id=${device}&sort_by=filename&order=asc&limit=2&offset=2`);
    expect(page).toMatchObject({ names: ['c-hours.txt', 'd-events.txt'], total: 4 });
    expect(await list(`device_id=${device}&search=MAP`)).toMatchObject({ names: ['a-map.txt'], total: 1 });
    expect((await list(`device_id=${device}&search=%25`)).total).toBe(0);
    const english = await list(`device_id=${device}&language=english`);
    expect(english.names).toEqual(['b-menu.txt']);
    expect(english.data[0]).toMatchObject({ status: 'Ready', language_offered: true });

    const removed = await call('DELETE', '/mrc', { device_id: device, id: documents[1]!.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await list(`device_id=${device}`)).toMatchObject({ total: 3 });
    expect((await list(`device_id=${device}`)).names).not.toContain('a-map.txt');
    // Deleting it again: it is gone.
    expect((await call('DELETE', '/mrc', { device_id: device, id: documents[1]!.id })).statusCode).toBe(404);
  });

  it('downloads the original under its uploaded name (RFC 5987 for Chinese names)', async () => {
    const { documents } = await uploaded(lobby, [{ name: '展覽指南.txt', content: TXT }]);
    const res = await call('GET', `/mrc/${documents[0]!.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(TXT)).toBe(true);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('展覽指南.txt')}`,
    );
    expect(res.headers['content-type']).toContain('text/plain');
    const text = await call('GET', `/mrc/${documents[0]!.id}/text`);
    expect(text.statusCode).toBe(200);
    expect(text.json().data).toMatchObject({ document: { filename: '展覽指南.txt' }, passages: [] });
  });

  it('re-scans a document only when it is not scanning already', async () => {
    const { documents } = await uploaded(lobby, [{ name: 'again.txt', content: TXT }]);
    const id = documents[0]!.id;
    const busy = await call('POST', `/mrc/${id}/rescan`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe('document_busy');
    await t.database.db
      .update(mrcDocuments)
      .set({ status: 'Failed', failure: 'corrupt', failureDetail: 'broken' })
      .where(eq(mrcDocuments.id, id));
    const again = await call('POST', `/mrc/${id}/rescan`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'Scanning', failure: null });
  });

  it('keeps every project’s documents to itself', async () => {
    const { documents } = await uploaded(lobby, [{ name: 'private.txt', content: TXT }]);
    const id = documents[0]!.id;
    expect((await upload(lobby, [{ name: 'x.txt', content: TXT }], other)).statusCode).toBe(403);
    expect((await call('GET', `/mrc?device_id=${lobby}`, undefined, other)).statusCode).toBe(403);
    expect((await call('DELETE', '/mrc', { device_id: lobby, id }, other)).statusCode).toBe(403);
    expect((await call('DELETE', '/mrc', { device_id: foreign, id }, other)).statusCode).toBe(404);
    for (const path of [`/mrc/${id}/file`, `/mrc/${id}/text`]) {
      expect((await call('GET', path, undefined, other)).statusCode).toBe(404);
    }
    expect((await call('POST', `/mrc/${id}/rescan`, undefined, other)).statusCode).toBe(404);
    expect((await upload(foreign, [{ name: 'x.txt', content: TXT }])).statusCode).toBe(403);
  });

  it('refuses documents past the device’s limit; removed ones do not count', async () => {
    const device = (await createDevice(t.app, admin, 'Documents Full')).id;
    await t.database.db.insert(mrcDocuments).values(
      Array.from({ length: MRC_MAX_DOCUMENTS - 1 }, (_, i) => ({
        deviceId: device,
        filename: `old-${i}.txt`,
        format: 'txt' as const,
        size: 1,
        status: 'Ready' as const,
      })),
    );
    const result = await uploaded(device, [
      { name: 'last.txt', content: Buffer.from('The last one that fits.') },
      { name: 'one-too-many.txt', content: Buffer.from('This one does not fit.') },
    ]);
    expect(result.documents.map((d) => d.filename)).toEqual(['last.txt']);
    expect(result.refused.map((r) => [r.filename, r.error])).toEqual([
      ['one-too-many.txt', 'too_many_documents'],
    ]);
    const removed = await call('DELETE', '/mrc', { device_id: device, id: result.documents[0]!.id });
    expect(removed.statusCode).toBe(200);
    const again = await uploaded(device, [{ name: 'fits-now.txt', content: Buffer.from('Room again.') }]);
    expect(again.refused).toEqual([]);
  });

  it('needs the device before the files', async () => {
    const res = await postDocuments(t.app, admin, {}, [{ name: 'a.txt', content: TXT }]);
    expect(res.statusCode).toBe(400);
  });

  it('deletes a document’s passages and leaves its original to the media sweep', async () => {
    const { documents } = await uploaded(lobby, [{ name: 'sweep-me.txt', content: Buffer.from('Sweep me') }]);
    const doc = documents[0]!;
    await t.database.db
      .insert(mrcPassages)
      .values({ documentId: doc.id, deviceId: lobby, ordinal: 0, page: 1, heading: null, text: 'Sweep me' });
    const [row] = await t.database.db.select().from(mrcDocuments).where(eq(mrcDocuments.id, doc.id));
    const mediaId = row!.mediaId!;
    // Held while the document is listed, whatever its age.
    t.clock.advance(48 * 3_600_000);
    // Sessions expire meanwhile: sign in again.
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    await sweep();
    expect(await t.database.db.select().from(media).where(eq(media.id, mediaId))).toHaveLength(1);

    expect((await call('DELETE', '/mrc', { device_id: lobby, id: doc.id })).statusCode).toBe(200);
    expect(await t.database.db.select().from(mrcPassages).where(eq(mrcPassages.documentId, doc.id))).toEqual(
      [],
    );
    await sweep();
    expect(await t.database.db.select().from(media).where(eq(media.id, mediaId))).toEqual([]);
  });
});

/**
 * The scan job against the extraction's interface, with a stand-in extractor: what the document
 * becomes (Ready with passages, Failed with why), what the console hears, what the index is told.
 */
describe.each(backends)('the document scan job on %s', (kind) => {
  const t = suiteApp(kind);
  let admin: Session;
  let device: number;
  const heard: Array<Record<string, unknown>> = [];
  const changed: number[] = [];
  let queue: ReturnType<typeof createJobQueue>;

  /** Reads the file's lines as paragraphs of page 1; its first word can make it fail. */
  const extract: ExtractDocument = async (file, format) => {
    const text = (await fs.readFile(file, 'utf8')).trim();
    if (text.startsWith('ENCRYPTED')) throw new ScanFailure('encrypted', 'The PDF has a password.');
    if (text.startsWith('CRASH')) {
      throw new Error(`ENOENT: no such file or directory, open '/srv/ambassador/data/media/.incoming/x.txt'`);
    }
    const lines = text.split('\n').filter(Boolean);
    return {
      format,
      pages: 1,
      blocks: lines.map((line) => ({ page: 1, heading: null, text: line })),
      language: text.startsWith('Bonjour') ? 'japanese' : null,
      characters: text.length,
    };
  };

  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    device = (await createDevice(t.app, admin, 'Documents Scans')).id;
    // A second queue and service over the same tables, with the stand-in extractor.
    queue = createJobQueue({ db: t.database.db, clock: t.clock, log: { info() {}, warn() {}, error() {} } });
    const service = createMrcService({
      repo: createMrcRepo(t.database.db),
      media: createMediaStore({ dir: t.config.mediaDir, db: t.database.db, clock: t.clock }),
      jobs: queue,
      extract,
      toPassages: (blocks) => blocks.map((b, i) => ({ ordinal: i, ...b })),
      detectLanguage: () => 'english',
      notifier: { ...silentNotifier, toProject: (_p, event) => heard.push(event) },
      clock: t.clock,
      changed: (id) => changed.push(id),
    });
    service.registerJobs();
  });

  const upload = async (name: string, content: string) => {
    const res = await postDocuments(t.app, admin, { device_id: String(device) }, [
      { name, content: Buffer.from(content) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as MrcUploadResult).documents[0]!.id;
  };
  const documentText = async (id: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/mrc/${id}/text`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { document: MrcDocument; passages: Array<{ text: string; page: number }> };
  };

  it('reads an uploaded document into passages: Ready, with pages, language and timing', async () => {
    const id = await upload('visit.txt', 'The gallery opens at ten.\nTickets are sold at the door.\n');
    await queue.runDue();
    const { document, passages } = await documentText(id);
    expect(document).toMatchObject({
      status: 'Ready',
      pages: 1,
      passages: 2,
      language: 'english',
      language_offered: true,
      failure: null,
    });
    expect(document.scan_ms).toBeGreaterThanOrEqual(0);
    expect(document.scanned_at).not.toBeNull();
    expect(passages.map((p) => p.text)).toEqual([
      'The gallery opens at ten.',
      'Tickets are sold at the door.',
    ]);
    expect(heard).toContainEqual({ name: 'mrc_document', device_id: device, id, status: 'Ready' });
    expect(changed).toContain(device);
  });

  it('marks a document in a language the device does not offer, and searches it still', async () => {
    const id = await upload('bonjour.txt', 'Bonjour et bienvenue.\n');
    await queue.runDue();
    expect((await documentText(id)).document).toMatchObject({
      status: 'Ready',
      language: 'japanese',
      language_offered: false,
    });
  });

  it('fails an encrypted document with its reason, at once', async () => {
    const id = await upload('locked.txt', 'ENCRYPTED document\n');
    await queue.runDue();
    expect((await documentText(id)).document).toMatchObject({
      status: 'Failed',
      failure: 'encrypted',
      failure_detail: 'The PDF has a password.',
    });
    expect(heard).toContainEqual({ name: 'mrc_document', device_id: device, id, status: 'Failed' });
  });

  it('takes over a scan whose worker was killed (kill -9) within 30 s, not after minutes', async () => {
    const id = await upload('killed.txt', 'The cloakroom is by the north door.\n');
    // A worker claimed it, then died: its lock stops being refreshed.
    await t.database.db.execute(
      sql`update jobs set status = 'running', attempts = 1, locked_by = 'dead', locked_at = ${t.clock.now().toISOString()}::timestamptz
          where kind = 'mrc-scan' and payload->>'document_id' = ${String(id)}`,
    );
    const listed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin_panel/mrc?device_id=${device}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as MrcDocument[]).find((d) => d.id === id)!;
    };
    expect(await queue.runDue()).toBe(0);
    // Still within its heartbeats: Scanning, not interrupted.
    t.clock.advance(SCAN_LEASE_MS / 3);
    expect(await listed()).toMatchObject({ status: 'Scanning', interrupted: false });
    // Two heartbeats missed: the console says it was interrupted and resumes by itself.
    t.clock.advance(SCAN_LEASE_MS / 3 + 1_000);
    expect(await listed()).toMatchObject({ status: 'Scanning', interrupted: true });
    expect(await queue.runDue()).toBe(0);
    t.clock.advance(SCAN_LEASE_MS / 3);
    // Taken over within the lease and one poll of 5 s: under 30 s from the worker's death.
    expect(SCAN_LEASE_MS + 5_000).toBeLessThanOrEqual(30_000);
    await queue.runDue();
    expect(await listed()).toMatchObject({ status: 'Ready', interrupted: false, passages: 1 });
  });

  it('retries a scan that crashed, then fails it as scan_error', async () => {
    const id = await upload('crash.txt', 'CRASH now\n');
    for (let attempt = 0; attempt < 3; attempt++) {
      await queue.runDue();
      t.clock.advance(10 * 60_000);
    }
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    const { document } = (await documentText(id)) as { document: { failure_detail: string } };
    expect(document).toMatchObject({ status: 'Failed', failure: 'scan_error' });
    // What went wrong inside is in the server's log; the operator reads what to do, no path or message.
    expect(document.failure_detail).toBe(SCAN_ERROR_DETAIL);
    expect(document.failure_detail).not.toMatch(/\/srv|ENOENT/);
  });

  it('skips a document removed before its scan ran', async () => {
    const id = await upload('gone.txt', 'Removed before scanning.\n');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/admin_panel/mrc',
      headers: admin.headers,
      payload: { device_id: device, id },
    });
    expect(res.statusCode).toBe(200);
    await queue.runDue();
    const [row] = await t.database.db.select().from(mrcDocuments).where(eq(mrcDocuments.id, id));
    expect(row).toMatchObject({ status: 'Removed', passages: 0 });
    expect(await t.database.db.select().from(mrcPassages).where(eq(mrcPassages.documentId, id))).toEqual([]);
  });
});

/** The whole flow with the server's own queue and extraction: upload, the scan job, Ready or Failed. */
describe.each(backends)('uploading documents and scanning them on %s', (kind) => {
  const t = suiteApp(kind);
  let admin: Session;
  let device: number;

  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    device = (await createDevice(t.app, admin, 'Documents Flow')).id;
  });

  it('scans TXT, HTML, DOCX and PDF into passages, and fails an encrypted PDF as encrypted', async () => {
    const files = [
      { name: 'hours.txt', content: Buffer.from(`Opening hours\n\n${sentences(6, 'ticket office')}\n`) },
      {
        name: 'cafe.html',
        content: Buffer.from(
          `<!doctype html><html><body><h1>Café</h1><p>${sentences(5, 'café')}</p></body></html>`,
        ),
      },
      {
        name: '樓層指南.docx',
        content: await docxOf([{ text: 'Floors', style: 'Heading1' }, { text: sentences(5, 'shop') }]),
      },
      {
        name: 'guide.pdf',
        content: await pdfOf([
          [{ heading: 'Getting here' }, { text: sentences(4, 'entrance') }],
          [{ heading: 'Parking' }, { text: sentences(4, 'car park') }],
        ]),
      },
      { name: 'locked.pdf', content: await encryptedPdf() },
    ];
    const res = await postDocuments(t.app, admin, { device_id: String(device) }, files);
    expect(res.statusCode, res.body).toBe(200);
    const { documents, refused } = res.json().data as MrcUploadResult;
    expect(refused).toEqual([]);
    expect(documents.map((d) => d.status)).toEqual(Array(5).fill('Scanning'));

    const started = Date.now();
    await t.app.jobs.runDue();
    const tookMs = Date.now() - started;
    console.info(`mrc: scanned 5 documents (TXT, HTML, DOCX, PDF, encrypted PDF) in ${tookMs} ms on ${kind}`);

    const list = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/mrc?device_id=${device}&sort_by=filename&order=asc`,
      headers: admin.headers,
    });
    const byName = new Map((list.json().data as MrcDocument[]).map((d) => [d.filename, d]));
    for (const name of ['hours.txt', 'cafe.html', '樓層指南.docx', 'guide.pdf']) {
      const doc = byName.get(name)!;
      expect(doc, name).toMatchObject({ status: 'Ready', language: 'english', language_offered: true });
      expect(doc.passages, name).toBeGreaterThan(0);
    }
    expect(byName.get('guide.pdf')!.pages).toBe(2);
    expect(byName.get('locked.pdf')).toMatchObject({ status: 'Failed', failure: 'encrypted', passages: 0 });

    const text = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/mrc/${byName.get('guide.pdf')!.id}/text`,
      headers: admin.headers,
    });
    const passages = (text.json().data as { passages: Array<{ page: number; text: string }> }).passages;
    expect(passages.some((p) => p.page === 2 && p.text.includes('car park'))).toBe(true);
  });
});
