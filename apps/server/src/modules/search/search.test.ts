import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '@ambassador/contracts';
import { aiCalls } from '../../test/ai.js';
import { backends, createUser, multipartForm, type Session } from '../../test/harness.js';
import { eventCalls } from '../../test/events.js';
import { projectFixture } from '../../test/project.js';

describe.each(backends)('search everywhere on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { mall: 'Harbour Mall Kiosk', hospital: 'Hospital Kiosk' },
    other: { foreign: 'Foreign Kiosk' },
  });
  const { admin, otherAdmin } = t;
  const ai = aiCalls(t, () => admin);
  const events = eventCalls(t, () => admin);

  const search = async (deviceId: number, q: string, s: Session = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin_panel/search?device_id=${deviceId}&q=${encodeURIComponent(q)}`,
      headers: s.headers,
    });
    return res;
  };
  const hits = async (deviceId: number, q: string, s: Session = admin) => {
    const res = await search(deviceId, q, s);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as SearchResult).hits;
  };
  const titles = (list: SearchHit[], kind: SearchHit['kind']) =>
    list.filter((h) => h.kind === kind).map((h) => h.title);

  let parking: { id: number };
  it('finds a topic, its phrases and its response words, each opening on the topic', async () => {
    const mall = t.devices.mall.id;
    const category = await ai.category('Getting here', undefined, mall);
    parking = await ai.topic(
      'Parking fees',
      { category_id: category.category_id, remarks: 'B2 and B3' },
      mall,
    );
    await ai.topic('Car wash', { category_id: category.category_id }, mall);
    await ai.data('POST', '/ai_config/intents/keywords', {
      device_id: mall,
      intent_id: parking.id,
      language: 'cantonese',
      text: '泊車幾多錢',
    });
    await ai.data('POST', '/ai_config/intents/responses', {
      device_id: mall,
      intent_id: parking.id,
      language: 'english',
      device_type: 'ambassador',
      contents: [
        { type: 'text', values: ['The first hour is free; then HK$25 an hour at the octopus machines.'] },
        { type: 'buttons', values: [{ text: 'Pay by app', payload: 'pay' }] },
      ],
    });

    const found = await hits(mall, 'parking');
    expect(titles(found, 'topic')).toEqual(['Parking fees']);
    // Simplified typed, Traditional stored: the folded phrase still matches.
    const phrase = (await hits(mall, '泊车')).find((h) => h.kind === 'phrase')!;
    expect(phrase).toMatchObject({
      title: '泊車幾多錢',
      detail: 'Parking fees',
      target_id: parking.id,
      language: 'cantonese',
    });

    const response = (await hits(mall, 'octopus')).find((h) => h.kind === 'response')!;
    expect(response).toMatchObject({ detail: 'Parking fees', target_id: parking.id, language: 'english' });
    expect(response.title).toContain('octopus');
    // A button's label is words a visitor reads; the content's type names are not.
    expect(titles(await hits(mall, 'pay by app'), 'response')).toEqual(['Pay by app']);
    expect(await hits(mall, 'buttons')).toEqual([]);
  });

  it('puts the name itself first, then names that start with it', async () => {
    const mall = t.devices.mall.id;
    const category = await ai.category('Shops', undefined, mall);
    for (const name of ['Bookshop opening', 'Shop', 'Shopping bags'])
      await ai.topic(name, { category_id: category.category_id }, mall);
    expect(titles(await hits(mall, 'shop'), 'topic')).toEqual(['Shop', 'Shopping bags', 'Bookshop opening']);
  });

  it('finds locations by alias, units by occupant, events and documents by name, users of the project', async () => {
    const hospital = t.devices.hospital.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/location_map/locations',
      headers: admin.headers,
      payload: { device_id: hospital, name: 'Pharmacy', aliases: ['藥房', 'chemist'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const form = multipartForm({
      data: JSON.stringify({
        unit: 'G12',
        names: { english: 'Harbour Dental Clinic', cantonese: '海港牙科' },
        descriptions: {},
      }),
    });
    const unit = await t.app.inject({
      method: 'POST',
      url: `/admin_panel/directory?device_id=${hospital}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(unit.statusCode, unit.body).toBe(200);
    await events.event(hospital, 'Flu vaccine week', ['english']);

    expect((await hits(hospital, '藥房')).map((h) => [h.kind, h.title])).toEqual([['location', 'Pharmacy']]);
    const dental = (await hits(hospital, '牙科')).find((h) => h.kind === 'unit')!;
    expect(dental.detail).toBe('G12');
    expect(dental.title).toContain('Harbour Dental Clinic');
    expect(titles(await hits(hospital, 'vaccine'), 'event')).toEqual(['Flu vaccine week']);
    expect((await hits(hospital, 'adm')).filter((h) => h.kind === 'user')).toMatchObject([
      { title: 'admin', state: 'admin' },
    ]);
    // What another device holds is not found on this one.
    expect(await hits(hospital, 'parking')).toEqual([]);
  });

  it('takes the wildcards of LIKE as the characters typed', async () => {
    const mall = t.devices.mall.id;
    expect(await hits(mall, '%')).toEqual([]);
    expect(await hits(mall, '_')).toEqual([]);
  });

  it('leaves out what the caller’s pages do not open, and says which kinds it left out', async () => {
    const mall = t.devices.mall.id;
    const { session } = await createUser(t.app, admin, {
      username: 'events-only',
      role_id: 1,
      page_access: ['/event'],
    });
    const res = await search(mall, 'parking', session);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as SearchResult;
    expect(result.hits).toEqual([]);
    expect(result.hidden).toEqual(expect.arrayContaining(['topic', 'phrase', 'response', 'user']));
    expect(result.hidden).not.toContain('event');
  });

  it('refuses another project’s device and an empty search, and changes nothing', async () => {
    const foreign = await search(t.devices.foreign.id, 'parking');
    expect([403, 404]).toContain(foreign.statusCode);
    expect(await hits(t.devices.foreign.id, 'kiosk', otherAdmin)).toEqual([]);
    const empty = await search(t.devices.mall.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect((await search(t.devices.mall.id, 'x'.repeat(121))).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/admin_panel/search?device_id=abc&q=parking',
      headers: admin.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
