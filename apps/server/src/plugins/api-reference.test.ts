import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../test/harness.js';

/** Paths the reference serves itself, and file trees served as files. */
const NOT_CALLS = new Set(['/openapi.json', '/asyncapi.json']);
const isCall = (url: string) =>
  !NOT_CALLS.has(url) &&
  !/^\/(docs|media|kiosk)(\/|$)/.test(url) &&
  // The avatar player's page and motion files (its calls, under api/, are calls).
  !/^\/avatar-player\/(?!api\/)/.test(url);

/** `/a/:id` as OpenAPI writes it, `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the API reference', () => {
  const t = suiteApp('pglite');
  afterAll(() => undefined);

  it('serves an OpenAPI 3.1 document that validates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every registered call with its answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    };
    const calls = t.app.routeTable.filter((r) => isCall(r.url));
    expect(calls.length).toBeGreaterThan(50);
    const missing = calls.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Declared, not merely listed: each call says what it answers when it succeeds.
    const undeclared = calls.filter((r) => {
      const responses = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.responses ?? {};
      return !Object.entries(responses).some(([status, answer]) => status.startsWith('2') && answer.content);
    });
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('names the file of each call’s handler, as the repository names it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { 'x-handler'?: string; responses?: Record<string, { description?: string }> }>
      >;
    };
    const users = doc.paths['/admin_panel/admin_settings/users']?.get;
    expect(users?.['x-handler']).toBe('apps/server/src/modules/users/routes.ts');
    expect(users?.responses?.['200']?.description).toBe('Success');
    const ask = doc.paths['/device_api/v1/ask']?.post;
    expect(ask?.['x-handler']).toBe('apps/server/src/modules/device-api/routes.ts');
  });

  it('serves a readable reference from this server, with nothing from a CDN', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src).not.toMatch(/^(https?:)?\/\//);
    for (const src of scripts) {
      const script = await t.app.inject({ method: 'GET', url: new URL(src!, 'http://x/docs/').pathname });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    }
    // No inline script: the app's own policy, which allows none, holds for the page.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('describes the realtime events as AsyncAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/asyncapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { asyncapi: string; channels: Record<string, { address: string }> };
    expect(doc.asyncapi).toBe('3.0.0');
    const events = Object.values(doc.channels).map((c) => c.address);
    expect(events).toEqual(expect.arrayContaining(['subscribe', 'event', 'call:signal', 'push:ack']));
  });
});
