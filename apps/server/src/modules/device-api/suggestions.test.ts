import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { adminCall, deviceCall } from '../../test/tenant.js';

describe.each(backends)('what the chat suggests before the first question, on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Suggesting kiosk' },
    other: { theirs: 'Their kiosk' },
  });
  const { admin } = t;
  let category: number | undefined;

  /** A topic with a keyword and phrases per language, answering in English. */
  async function topic(
    name: string,
    texts: Array<[language: string, kind: 'keyword' | 'phrase', text: string]>,
  ) {
    const device_id = t.devices.lobby.id;
    category ??= (
      await adminCall(t.app, admin, 'POST', '/ai_config/intents/category', { device_id, name: 'Visitors' })
    ).category_id as number;
    const made = await adminCall(t.app, admin, 'POST', '/ai_config/intents/intent', {
      device_id,
      name,
      category_id: category,
    });
    for (const [language, k, text] of texts)
      await adminCall(t.app, admin, 'POST', '/ai_config/intents/keywords', {
        device_id,
        intent_id: made.id,
        language,
        text,
        kind: k,
      });
    await adminCall(t.app, admin, 'POST', '/ai_config/intents/responses', {
      device_id,
      intent_id: made.id,
      language: 'english',
      device_type: 'ambassador',
      response_aim: 'give_info',
      response_type: 'text',
      speech: `${name}.`,
      contents: [{ type: 'text', values: [`${name}.`] }],
    });
    return made.id as number;
  }
  const suggestions = (language: string, key = t.devices.lobby.key) =>
    deviceCall(t.app, key, 'GET', `/suggestions?language=${language}`) as Promise<string[]>;

  beforeAll(async () => {
    await topic('Opening hours', [
      ['english', 'keyword', 'opening hours'],
      ['english', 'phrase', 'When do you open?'],
      ['cantonese', 'phrase', '幾點開門？'],
    ]);
    await topic('Parking', [
      ['english', 'keyword', 'parking'],
      ['english', 'phrase', 'Where can I park?'],
    ]);
    await topic('Wifi', [['english', 'keyword', 'wifi password']]);
  });

  it('offers a phrase of each topic, the most asked first, in the language asked', async () => {
    // Before anyone asked: the oldest topics first, a phrase before a keyword.
    expect(await suggestions('english')).toEqual(['When do you open?', 'Where can I park?', 'wifi password']);
    const visit = await deviceCall(t.app, t.devices.lobby.key, 'POST', '/sessions', { language: 'english' });
    for (const text of ['where can i park', 'parking please', 'wifi password'])
      await deviceCall(t.app, t.devices.lobby.key, 'POST', '/ask', {
        session_id: visit.session_id,
        text,
        language: 'english',
      });
    expect(await suggestions('english')).toEqual(['Where can I park?', 'wifi password', 'When do you open?']);
    // Only topics with words in that language.
    expect(await suggestions('cantonese')).toEqual(['幾點開門？']);
  });

  it('offers nothing of another device, and refuses a language the device does not offer', async () => {
    expect(await suggestions('english', t.devices.theirs.key)).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/suggestions?language=klingon',
      headers: { authorization: `Bearer ${t.devices.lobby.key}` },
    });
    expect(res.statusCode).toBe(400);
  });
});
