import { beforeAll, describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { backends, otherProject } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador. */
const LOBBY = 1;
const NORTH = 2;

describe.each(backends)('draft and publish of AI configuration on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const { call, data, category, topic } = aiCalls(t, () => admin);
  let key = '';
  let session = '';
  let categoryId = 0;

  /** What a kiosk of the lobby is answered: the topic's name, or null on a fallback. */
  const kioskAnswer = async (text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/ask',
      headers: { authorization: `Bearer ${key}` },
      payload: { session_id: session, text, language: 'english' },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    return answer.fallback ? null : (answer.intent?.name as string);
  };
  /** What the test console finds in the draft or the live version. */
  const consoleAnswer = async (text: string, version: 'draft' | 'live' = 'draft') => {
    const found = await data('POST', '/ai_config/test_console', {
      device_id: LOBBY,
      language: 'english',
      text,
      version,
    });
    return found.fallback ? null : (found.best?.intent_name as string);
  };
  /** A topic of the lobby answering `phrase`. */
  const teach = async (name: string, phrase: string) => {
    const made = await topic(name, { category_id: categoryId });
    await data('POST', '/ai_config/intents/train', {
      device_id: LOBBY,
      intent_id: made.id,
      language: 'english',
      text: phrase,
    });
    return made.id as number;
  };
  const overview = () => data('GET', `/ai_config/versions?device_id=${LOBBY}`);
  const publish = (note = '') => call('POST', '/ai_config/versions', { device_id: LOBBY, note });
  // Answers settle on a new matcher within moments of a publish: poll, never sleep.
  const settles = (check: () => Promise<unknown>, expected: unknown) =>
    expect.poll(check, { timeout: 10_000, interval: 100 }).toEqual(expected);

  beforeAll(async () => {
    key = (await data('POST', '/admin_settings/devices/key', { id: LOBBY })).device_key;
    const res = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/sessions',
      headers: { authorization: `Bearer ${key}` },
      payload: { language: 'english' },
    });
    session = res.json().data.session_id;
    categoryId = (await category('Facilities')).category_id;
    await teach('Prayer room', 'where is the prayer room');
  });

  it('without a publish every edit reaches the kiosk at once (no drafts)', async () => {
    expect(await overview()).toMatchObject({ live: null, changes: null, versions: [] });
    await settles(() => kioskAnswer('where is the prayer room'), 'Prayer room');
  });

  it('after a publish, edits are a draft: the test console tries them, the kiosk answers the live version', async () => {
    const first = await publish('Opening set');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { number: 1 }, message: 'Version 1 is live.' });
    const listed = await overview();
    expect(listed.live).toMatchObject({ number: 1, published_by: 'admin' });
    expect(listed.changes).toMatchObject({ added: 0, changed: 0, removed: 0, any: false });
    expect(listed.versions[0]).toMatchObject({ number: 1, note: 'Opening set', topics: 1, phrases: 1 });

    await teach('Baby care room', 'is there a nursing room');
    expect(await consoleAnswer('is there a nursing room')).toBe('Baby care room');
    expect(await consoleAnswer('is there a nursing room', 'live')).toBeNull();
    expect(await kioskAnswer('is there a nursing room')).toBeNull();
    expect(await kioskAnswer('where is the prayer room')).toBe('Prayer room');
    expect((await overview()).changes).toMatchObject({ added: 1, changed: 0, removed: 0, any: true });

    expect((await publish()).json().data.number).toBe(2);
    await settles(() => kioskAnswer('is there a nursing room'), 'Baby care room');
    expect((await overview()).changes.any).toBe(false);
  });

  it('refuses to publish a draft equal to the live version, and keeps one version', async () => {
    const again = await publish();
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('nothing_to_publish');
    expect((await overview()).versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
  });

  it('restores version 1 into the draft and the kiosks, keeping the unpublished draft as a version', async () => {
    const before = await data('GET', `/ai_config/intents/intent?device_id=${LOBBY}&limit=100`);
    const prayer = before.find((x: { intent_name: string }) => x.intent_name === 'Prayer room');
    await teach('Lost property', 'i lost my umbrella');
    const { versions } = await overview();
    const v1 = versions.find((v: { number: number }) => v.number === 1);

    const restored = await call('POST', `/ai_config/versions/${v1.id}/restore`, { device_id: LOBBY });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe('Version 1 is restored and live.');
    const after = await data('GET', `/ai_config/intents/intent?device_id=${LOBBY}&limit=100`);
    // The same topic, with its id: what named it (conversations, banners) names it still.
    expect(after.map((x: { id: number; intent_name: string }) => [x.id, x.intent_name])).toEqual([
      [prayer.id, 'Prayer room'],
    ]);
    await settles(() => kioskAnswer('is there a nursing room'), null);
    expect(await consoleAnswer('i lost my umbrella')).toBeNull();
    const listed = await overview();
    expect(listed.live).toMatchObject({ version_id: v1.id, number: 1 });
    expect(listed.versions[0]).toMatchObject({
      number: 3,
      note: 'Draft before restoring version 1',
      topics: 3,
    });
    // The kept draft can itself be restored: nothing was lost.
    await data('POST', `/ai_config/versions/${listed.versions[0].id}/restore`, { device_id: LOBBY });
    expect(await consoleAnswer('i lost my umbrella')).toBe('Lost property');
    await settles(() => kioskAnswer('i lost my umbrella'), 'Lost property');
  });

  it('keeps versions to the device: another device’s version is not found, another project is refused', async () => {
    const { versions } = await overview();
    const north = await call('POST', `/ai_config/versions/${versions[0].id}/restore`, { device_id: NORTH });
    expect(north.statusCode).toBe(404);
    expect((await data('GET', `/ai_config/versions?device_id=${NORTH}`)).versions).toEqual([]);
    const other = await otherProject(t.database);
    for (const [method, url, body] of [
      ['GET', `/ai_config/versions?device_id=${other.deviceId}`],
      ['POST', '/ai_config/versions', { device_id: other.deviceId }],
      ['POST', `/ai_config/versions/${versions[0].id}/restore`, { device_id: other.deviceId }],
      ['DELETE', `/ai_config/versions/live?device_id=${other.deviceId}`],
    ] as const)
      expect((await call(method, url, body)).statusCode).toBe(403);
  });

  it('turns drafts off: edits reach the kiosk at once again; a second stop is a 409', async () => {
    const stop = await call('DELETE', `/ai_config/versions/live?device_id=${LOBBY}`);
    expect(stop.statusCode).toBe(200);
    await teach('Wheelchairs', 'can i borrow a wheelchair');
    await settles(() => kioskAnswer('can i borrow a wheelchair'), 'Wheelchairs');
    const again = await call('DELETE', `/ai_config/versions/live?device_id=${LOBBY}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('not_published');
    expect((await overview()).live).toBeNull();
  });
});
