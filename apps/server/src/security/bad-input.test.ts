import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../plugins/route-table.js';
import {
  backends,
  createUser,
  multipartFile,
  multipartForm,
  storedFiles,
  TINY_PNG,
} from '../test/harness.js';
import { projectFixture } from '../test/project.js';
import { restoreArchived, seedContent } from '../test/tenant.js';

/**
 * Bad input on every route of the table, admin and device API alike: malformed bodies, fields of
 * the wrong type or out of range, hostile path parameters, broken multipart. Target: no answer
 * ≥ 500, every answer the JSON envelope. Field mutations are sampled (a fixed rotation that covers
 * every field with every bad value on each backend, the backends taking different turns of it);
 * SECURITY_FULL=1 tries every combination.
 */
const FULL = process.env.SECURITY_FULL === '1';
/** The batteries are long: their own time limit, beside the suite's per-test minute. */
const LONG = { timeout: FULL ? 3_600_000 : 240_000 };

/** Values of the wrong type, out of range, or hostile, put in one field at a time. */
const BAD_VALUES: unknown[] = [
  true,
  false,
  null,
  [],
  {},
  1e308,
  -1,
  0,
  1.5,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  'x',
  '',
  '   ',
  '\u0000',
  'a\ud800b',
  'x'.repeat(70_000),
  '1e308',
  '-1',
  { $gt: '' },
  [1, 2],
  ['\u0000'],
];

/** Bodies that are not an object of fields at all. */
const BAD_BODIES: [string, InjectOptions][] = [
  ['JSON null', { payload: 'null', headers: { 'content-type': 'application/json' } }],
  ['a JSON array', { payload: '[]', headers: { 'content-type': 'application/json' } }],
  ['a JSON string', { payload: '"x"', headers: { 'content-type': 'application/json' } }],
  ['a JSON number', { payload: '1', headers: { 'content-type': 'application/json' } }],
  ['broken JSON', { payload: '{"a":', headers: { 'content-type': 'application/json' } }],
  ['__proto__', { payload: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } }],
  [
    'constructor.prototype',
    { payload: '{"constructor":{"prototype":{"x":1}}}', headers: { 'content-type': 'application/json' } },
  ],
  [
    'deep nesting',
    { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, headers: { 'content-type': 'application/json' } },
  ],
  [
    '2 MB of JSON',
    {
      payload: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    },
  ],
  ['text/plain', { payload: 'hello', headers: { 'content-type': 'text/plain' } }],
  ['a form', { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
  [
    'invalid UTF-8',
    {
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    },
  ],
  ['multipart without a boundary', { payload: 'x', headers: { 'content-type': 'multipart/form-data' } }],
  [
    'multipart cut short',
    {
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    },
  ],
];

/** Hostile values of a path parameter. */
const BAD_PARAMS = [
  'x'.repeat(101),
  '1e308',
  '-1',
  '99999999999',
  '%00',
  '%F0%9F%98%80',
  '..%2F..%2Fetc',
  '%E0%A4%A',
  'true',
];

describe.each(backends)('bad input never answers ≥ 500, on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  let content: Awaited<ReturnType<typeof seedContent>>;
  let spareUser: number;
  let routes: RouteEntry[];
  const OWN = 1;
  const tried = { requests: 0 };
  const problems: string[] = [];

  beforeAll(async () => {
    content = await seedContent(t.app, admin, OWN, 'OWN');
    spareUser = (await createUser(t.app, admin, { username: `spare_${kind}`, role_id: 1 })).user.user_id;
    routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/admin_panel/') || r.url.startsWith('/device_api/'),
    );
  });

  /** Valid values for every field name a route of this app reads: mutations start from these. */
  const valid = (): Record<string, unknown> => ({
    device_id: OWN,
    id: content.ids.topic,
    intent_id: content.ids.topic,
    category_id: content.ids.category,
    parent_id: null,
    entity_id: content.ids.entity,
    user_id: spareUser,
    conversation_id: content.ids.conversation,
    name: 'A name',
    text: 'hello there',
    remarks: 'remarks',
    description: 'A description',
    keyword: 'secretword',
    alias: 'another',
    aliases: ['another'],
    language: 'english',
    languages: ['english'],
    is_activated: true,
    is_enabled_related_intents: true,
    bookmarked: true,
    motion: 'tilt',
    real_session_id: content.callSession,
    session_id: content.visitSession,
    status: 'ended',
    message: 'hello',
    client_id: 'fuzz-client-0001',
    role_id: 1,
    password: 'Fuzz-Passw0rd!',
    username: `fuzz_${kind}`,
    mode: 'preview',
    search: 'a',
    limit: 10,
    offset: 0,
    sort_by: 'name',
    order: 'asc',
    start_datetime: '2026-01-01',
    end_datetime: '2026-01-31',
    tz: 'UTC',
    device_ids: [OWN],
    texts: { english: 'hello' },
    duration_seconds: 10,
    speech: 'hello',
    contents: [{ type: 'text', values: ['hello'] }],
    device_type: 'ambassador',
    rating: 1,
    comment: 'ok',
    offline_hours: [],
    time_zone: 'UTC',
    offline_response: {},
    source_id: OWN,
    dest_id: 2,
    kind: 'ambassador',
    project_id: admin.projectId,
    page_access: [],
    is_password_expired: false,
    mobile: '123',
    tags: ['a'],
    image_url: null,
    ring_seconds: 30,
  });

  const headersFor = (r: RouteEntry): Record<string, string> =>
    r.url.startsWith('/device_api/') ? { authorization: `Bearer ${content.key}` } : admin.headers;

  function pathOf(r: RouteEntry, override?: { name: string; value: string }) {
    return r.url.replace(/:(\w+)/g, (_, name: string) => {
      if (override?.name === name) return override.value;
      if (name === 'device_id') return String(OWN);
      if (name === 'project_id') return String(admin.projectId);
      if (name === 'session_id') return r.url.includes('/chat') ? content.chatSession : content.visitSession;
      if (name === 'real_session_id') return content.callSession;
      if (name === 'conversation_id') return String(content.ids.conversation);
      return '1';
    });
  }

  /** Sends, counts, and notes any answer that is ≥ 500 or not the envelope. */
  async function probe(what: string, opts: InjectOptions): Promise<LightMyRequestResponse> {
    tried.requests++;
    const res = await t.app.inject(opts);
    await restoreArchived(t.app, admin, String(opts.url).split('?')[0]!);
    if (res.statusCode >= 500) problems.push(`${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    else if (res.statusCode >= 400) {
      let body: { success?: unknown; message?: unknown } | undefined;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      if (body?.success !== false || typeof body.message !== 'string') {
        problems.push(`${what} → ${res.statusCode} without the envelope: ${res.body.slice(0, 160)}`);
      }
    }
    return res;
  }

  beforeEach(() => {
    problems.length = 0;
  });

  it('malformed bodies on every route', LONG, async () => {
    for (const r of routes.filter((x) => x.method !== 'GET')) {
      for (const [name, opts] of BAD_BODIES) {
        await probe(`${r.method} ${r.url} with ${name}`, {
          method: r.method as 'POST',
          url: pathOf(r),
          ...opts,
          headers: { ...headersFor(r), ...opts.headers },
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('hostile path parameters', async () => {
    for (const r of routes) {
      for (const [, name] of r.url.matchAll(/:(\w+)/g)) {
        for (const value of BAD_PARAMS) {
          await probe(`${r.method} ${r.url} with ${name}=${value.slice(0, 20)}`, {
            method: r.method as 'GET',
            url: pathOf(r, { name: name!, value }),
            headers: headersFor(r),
            ...(r.method === 'GET' ? {} : { payload: valid() }),
          });
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('one field of the wrong type or out of range at a time, in bodies and query strings', LONG, async () => {
    const fields = Object.keys(valid());
    // Sampled runs share the rotation out between the backends: each takes its own turn of it, so
    // both together try what one alone used to (and the suite is shorter by that much).
    const share = backends.indexOf(kind);
    const met = new Set<string>();
    let routeIndex = 0;
    for (const r of routes) {
      routeIndex++;
      for (const [b, bad] of BAD_VALUES.entries()) {
        // A rotation: each route meets every bad value, and over the routes every field meets it.
        const picked = FULL ? fields : [fields[(routeIndex * 7 + b * 3 + share * 13) % fields.length]!];
        for (const field of picked) {
          met.add(`${field} ${b}`);
          const input = { ...valid(), [field]: bad };
          const what = `${r.method} ${r.url} with ${field}=${JSON.stringify(bad)?.slice(0, 30)}`;
          if (r.method === 'GET') {
            const query = Object.entries(input).flatMap(([k, v]) =>
              Array.isArray(v)
                ? v.map((x) => [k, String(x)])
                : [[k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]],
            );
            await probe(what, {
              method: 'GET',
              url: `${pathOf(r)}?${new URLSearchParams(query as [string, string][]).toString()}`,
              headers: headersFor(r),
            });
          } else {
            await probe(what, {
              method: r.method as 'POST',
              url: pathOf(r),
              headers: headersFor(r),
              payload: input,
            });
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The sample still puts every bad value in every field, on each backend.
    expect(met.size).toBe(fields.length * BAD_VALUES.length);
  });

  it('broken uploads: no boundary, cut short, a broken or huge JSON field, a NUL in the file name (no orphan file is left)', async () => {
    const uploads = routes.filter((r) => r.config.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    const mediaDir = t.config.mediaDir;
    const before = new Set(await storedFiles(mediaDir));
    for (const r of uploads) {
      const url = `${pathOf(r)}?device_id=${OWN}`;
      const noBoundary = await probe(`${r.url} without a boundary`, {
        method: 'POST',
        url,
        headers: { ...admin.headers, 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      expect(noBoundary.statusCode).toBe(400);
      // A form's JSON field broken, or longer than any form field may be (it was cut and misread: a 500).
      for (const [what, value] of [
        ['not JSON', '{'],
        ['of 2 MB', JSON.stringify({ name: 'x'.repeat(2_000_000) })],
      ] as const) {
        const form = multipartForm({ data: value }, [{ field: 'file', name: 'plan.png', content: TINY_PNG }]);
        await probe(`${r.url} with a data field ${what}`, {
          method: 'POST',
          url,
          headers: { ...admin.headers, ...form.headers },
          payload: form.payload,
        });
      }
      const nul = multipartFile({ name: 'logo\u0000.png', content: TINY_PNG, type: 'image/png' });
      await probe(`${r.url} with a NUL in the file name`, {
        method: 'POST',
        url,
        headers: { ...admin.headers, ...nul.headers },
        payload: nul.payload,
      });
    }
    const image = multipartFile({ name: 'evil\u0000name\u0007.png', content: TINY_PNG, type: 'image/png' });
    const res = await probe('upload with control characters in its name', {
      method: 'POST',
      url: `/admin_panel/ai_config/upload?device_id=${OWN}`,
      headers: { ...admin.headers, ...image.headers },
      payload: image.payload,
    });
    expect(res.statusCode).toBe(200);
    // Every file that arrived is one a media row names: nothing orphaned in the store.
    const added = (await storedFiles(mediaDir)).filter((f) => !before.has(f));
    const { media } = await import('../db/schema.js');
    const rows = await t.database.db.select({ filename: media.filename, files: media.files }).from(media);
    const known = new Set(rows.flatMap((row) => [row.filename, ...row.files]));
    expect(added.filter((f) => !known.has(f))).toEqual([]);
    expect(await fs.readdir(path.join(mediaDir, '.incoming')).catch(() => [])).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('reports how much it tried', () => {
    // Read by the closing note: the battery's size on this backend.
    console.info(`bad-input battery on ${kind}: ${tried.requests} requests`);
    expect(tried.requests).toBeGreaterThan(4000);
  });
});
