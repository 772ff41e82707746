import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../plugins/route-table.js';
import { backends } from '../test/harness.js';
import { projectFixture } from '../test/project.js';
import { adminCall, restoreArchived, seedTenant, TENANT_MARK, type Tenant } from '../test/tenant.js';

/**
 * Tenant isolation, generated from the route table: every admin route is called naming the other
 * project's device in every place a request can name one (query, body, path, lists, the fields a
 * route declares), and again with this project's device but the other project's record ids.
 * Nothing of the other project may change, and no answer may carry any of its text.
 */
describe.each(backends)('no admin route reaches another project, on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  let tenant: Tenant;
  let routes: RouteEntry[];
  const OWN = 1;

  beforeAll(async () => {
    tenant = await seedTenant(t.app, t.database);
    routes = t.app.routeTable.filter((r) => r.url.startsWith('/admin_panel/') && !r.config.access?.public);
  });

  const hasBody = (r: RouteEntry) => r.method !== 'GET';
  const params = (r: RouteEntry) => [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

  /** The path with its parameters filled: device_id as given, others with the other tenant's ids. */
  function pathOf(r: RouteEntry, device: number | undefined) {
    return r.url.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'device_id') return String(device ?? OWN);
      if (name === 'project_id') return String(admin.projectId);
      if (name === 'session_id') return tenant.chatSession;
      if (name === 'real_session_id') return tenant.callSession;
      return '1';
    });
  }

  /** A body that would change the other tenant's records if a route let it through. */
  function payload(id: number, device?: number) {
    const T = tenant.ids;
    return {
      ...(device === undefined ? {} : { device_id: device }),
      id,
      intent_id: T.topic,
      category_id: T.category,
      entity_id: T.entity,
      user_id: T.user,
      name: 'pwned',
      text: 'pwned',
      remarks: 'pwned',
      description: 'pwned',
      keyword: 'secretword',
      alias: 'pwned',
      aliases: ['pwned'],
      language: 'english',
      is_activated: false,
      is_enabled_related_intents: true,
      bookmarked: true,
      motion: 'tilt',
      real_session_id: tenant.callSession,
      status: 'ended',
      message: 'pwned',
      client_id: 'pwned-client-1',
      role_id: 1,
      password: 'Pwned-Passw0rd!',
    };
  }

  const send = async (
    r: RouteEntry,
    opts: { path: string; query?: Record<string, string>; body?: object },
  ) => {
    const search = new URLSearchParams(opts.query ?? {}).toString();
    const res = await t.app.inject({
      method: r.method as 'GET',
      url: `${opts.path}${search ? `?${search}` : ''}`,
      headers: admin.headers,
      ...(opts.body && hasBody(r) ? { payload: opts.body } : {}),
    });
    await restoreArchived(t.app, admin, opts.path);
    return res;
  };

  it('covers every admin route of the table', () => {
    // A sanity floor: the table is read from the app, so a new route is in the matrix by itself.
    expect(routes.length).toBeGreaterThan(60);
  });

  it(
    "refuses the other project's device in the query, the body, the path, lists and declared fields",
    { timeout: 240_000 },
    async () => {
      const F = tenant.ids.device;
      const failures: string[] = [];
      let tried = 0;
      for (const r of routes) {
        const declared = r.config.devices?.fields ?? [];
        const inPath = params(r).includes('device_id');
        const cases: [string, Parameters<typeof send>[1], number][] = [
          ['query', { path: pathOf(r, OWN), query: inPath ? {} : { device_id: String(F) } }, 403],
        ];
        if (inPath) {
          cases[0] = ['path', { path: pathOf(r, F), body: payload(tenant.ids.topic) }, 403];
          cases.push([
            'path own, query other',
            { path: pathOf(r, OWN), query: { device_id: String(F) } },
            400,
          ]);
        }
        if (hasBody(r)) {
          cases.push([
            'body',
            { path: pathOf(r, OWN), body: payload(tenant.ids.topic, F) },
            inPath ? 400 : 403,
          ]);
          cases.push([
            'query own, body other',
            { path: pathOf(r, OWN), query: { device_id: String(OWN) }, body: payload(tenant.ids.topic, F) },
            400,
          ]);
          cases.push([
            'query other, body own',
            { path: pathOf(r, OWN), query: { device_id: String(F) }, body: payload(tenant.ids.topic, OWN) },
            400,
          ]);
          cases.push([
            'device_ids in body',
            { path: pathOf(r, OWN), body: { ...payload(tenant.ids.topic), device_ids: [OWN, F] } },
            403,
          ]);
        }
        cases.push([
          'device_ids in query',
          { path: pathOf(r, OWN), query: { device_ids: `${OWN},${F}` } },
          403,
        ]);
        for (const field of declared) {
          cases.push([
            `${field} in body`,
            { path: pathOf(r, OWN), body: { ...payload(tenant.ids.topic), [field]: F } },
            403,
          ]);
        }
        for (const [where, request, expected] of cases) {
          tried++;
          const res = await send(r, request);
          if (res.statusCode !== expected) {
            failures.push(`${r.method} ${r.url} [${where}] → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(tried).toBeGreaterThan(300);
    },
  );

  it(
    "with this project's device, the other project's record ids reach nothing and leak nothing",
    { timeout: 240_000 },
    async () => {
      const T = tenant.ids;
      const ids = [T.topic, T.category, T.keyword, T.response, T.entity, T.conversation, T.device, T.user];
      const problems: string[] = [];
      for (const r of routes) {
        for (const id of ids) {
          const res = await send(r, {
            path: pathOf(r, OWN),
            query:
              r.method === 'GET'
                ? { device_id: String(OWN), id: String(id), intent_id: String(T.topic) }
                : {},
            body: payload(id, OWN),
          });
          if (res.statusCode >= 500) problems.push(`${r.method} ${r.url} id ${id} → ${res.statusCode}`);
          if (res.body.includes(TENANT_MARK))
            problems.push(`${r.method} ${r.url} id ${id} leaked: ${res.body}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('this project reaches its own device everywhere (the guard is not simply refusing all)', async () => {
    const refused: string[] = [];
    for (const r of routes) {
      const inPath = params(r).includes('device_id');
      const res = await send(r, {
        path: pathOf(r, OWN),
        query: inPath ? {} : { device_id: String(OWN) },
        body: { device_id: OWN },
      });
      if (res.statusCode === 403 || res.statusCode >= 500) {
        refused.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('PUT and DELETE of a topic with this device in the query and the other in the body change nothing (the reported hole)', async () => {
    const F = tenant.ids.device;
    const url = `/admin_panel/ai_config/intents/intent?device_id=${OWN}`;
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { device_id: F, id: tenant.ids.topic, remarks: 'pwned' },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ success: false, error: 'device_conflict' });
    const del = await t.app.inject({
      method: 'DELETE',
      url,
      headers: admin.headers,
      payload: { device_id: F, id: tenant.ids.topic },
    });
    expect(del.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/ai_config/intents/intent?device_id=abc`,
      headers: admin.headers,
      payload: { id: tenant.ids.topic, remarks: 'pwned' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_device_id');
  });

  it('leaves every record of the other project as it was', async () => {
    const T = tenant.ids;
    const as = (path: string) => adminCall(t.app, tenant.session, 'GET', path);
    const topic = await as(`/ai_config/intents/intent?device_id=${T.device}&intent_id=${T.topic}`);
    expect(topic).toMatchObject({
      intent_name: `${TENANT_MARK} topic`,
      remarks: `${TENANT_MARK} remarks`,
      is_activated: true,
    });
    const categories = await as(`/ai_config/intents/category?device_id=${T.device}`);
    expect(categories.map((c: { category_name: string }) => c.category_name)).toEqual([
      `${TENANT_MARK} category`,
    ]);
    const keywords = await as(
      `/ai_config/intents/keywords?device_id=${T.device}&intent_id=${T.topic}&language=english`,
    );
    expect(keywords.map((k: { text: string }) => k.text)).toEqual(['secretword']);
    const responses = await as(`/ai_config/intents/responses?device_id=${T.device}&intent_id=${T.topic}`);
    expect(responses).toHaveLength(1);
    expect(responses[0].speech).toBe(`${TENANT_MARK} speech`);
    const entities = await as(`/ai_config/entities?device_id=${T.device}`);
    expect(entities[0].aliases).toEqual(['hushword']);
    const devices = await as(`/interface/devices?project_id=${tenant.projectId}`);
    expect(devices).toEqual([
      { id: T.device, description: 'Other Kiosk', kind: 'ambassador', languages: expect.any(Array) },
    ]);
    const users = await as(`/admin_settings/users?device_id=${T.device}`);
    expect(users.map((u: { username: string }) => u.username)).toEqual([tenant.username]);
    const today = new Date().toISOString().slice(0, 10);
    const rows = await as(
      `/conversation?device_id=${T.device}&device_ids=${T.device}&start_datetime=2000-01-01&end_datetime=${today}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].bookmarked).toBe(false);
    const chat = await as(`/chat/history/${tenant.chatSession}?device_id=${T.device}`);
    expect(chat.map((m: { message: string }) => m.message)).toEqual([`${TENANT_MARK} message`]);
    const calls = await as(`/video_call/list/${tenant.projectId}`);
    expect(calls[0].answered_by).toBeNull();
  });
});
