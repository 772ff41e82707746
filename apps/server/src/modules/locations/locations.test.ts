import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type KioskFloorMap,
  SOCKET,
  type AskResult,
  type LocationFields,
  type LocationImportReport,
  type Location,
  type LocationMap,
} from '@ambassador/contracts';
import {
  ADMIN,
  backends,
  login,
  multipartForm,
  otherProject,
  solidPng,
  suiteApp,
  type Session,
} from '../../test/harness.js';
import { deflateRepeated, pdfWithPicture } from '../../test/document-fixtures.js';
import { pngBomb } from '../../test/media-fixtures.js';
import {
  closeSockets,
  connected,
  createDevice,
  deviceSocket,
  listen,
  nextMessage,
} from '../../test/sockets.js';

describe.each(backends)('locations and maps on %s', (kind) => {
  const t = suiteApp(kind);
  let url: string;
  let admin: Session;
  let other: Session;
  let hospital: { id: number; key: string };
  let second: { id: number; key: string };
  let foreign: { id: number; key: string };

  beforeAll(async () => {
    url = await listen(t.app);
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    hospital = await createDevice(t.app, admin, 'Hospital Lobby Kiosk');
    second = await createDevice(t.app, admin, 'Second Kiosk');
    const tenant = await otherProject(t.database);
    other = await login(t.app, tenant.username, tenant.password);
    foreign = await createDevice(t.app, other, 'Foreign Kiosk');
  });
  afterEach(() => closeSockets());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload ? { payload } : {}) });
  const data = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => {
    const res = await call(method, path, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const uploadMap = (
    deviceId: number,
    fields: object,
    file: { name: string; content: Buffer; type?: string },
    s = admin,
  ) => {
    const body = multipartForm({ data: JSON.stringify(fields) }, [{ field: 'file', ...file }]);
    return t.app.inject({
      method: 'POST',
      url: `/admin_panel/location_map/maps?device_id=${deviceId}`,
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const addMap = async (deviceId: number, name: string, floorOrder: number | null = null) => {
    const res = await uploadMap(
      deviceId,
      { name, floor_order: floorOrder },
      {
        name: `${name}.png`,
        content: await solidPng(800, 600, '#eeeeee'),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as LocationMap;
  };
  const addLocation = async (fields: LocationFields) =>
    data<Location>('POST', '/location_map/locations', fields);
  const device = async (key: string, method: 'GET' | 'POST', path: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/device_api/v1${path}`,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as unknown;
  };
  const ask = async (key: string, language: string, text: string) => {
    const session = (await device(key, 'POST', '/sessions', { language })) as { session_id: string };
    return (await device(key, 'POST', '/ask', {
      session_id: session.session_id,
      language,
      text,
    })) as AskResult;
  };

  describe('maps', () => {
    it('uploads floor plans through the media pipeline, in floor order, renames and reorders them', async () => {
      const ground = await addMap(second.id, 'Ground floor');
      const first = await addMap(second.id, 'First floor');
      const basement = await addMap(second.id, 'Basement', 0);
      expect(ground.width).toBe(800);
      expect(ground.url).toMatch(/^\/media\//);
      expect(ground.thumb_url).toMatch(/^\/media\//);
      let maps = await data<LocationMap[]>('GET', `/location_map/maps?device_id=${second.id}`);
      expect(maps.map((m) => m.name)).toEqual(['Basement', 'Ground floor', 'First floor']);
      const renamed = await data<LocationMap>('PUT', `/location_map/maps/${first.id}`, {
        device_id: second.id,
        name: 'Level 1',
      });
      expect(renamed.name).toBe('Level 1');
      maps = await data<LocationMap[]>('PUT', '/location_map/maps/order', {
        device_id: second.id,
        map_ids: [ground.id, first.id, basement.id],
      });
      expect(maps.map((m) => [m.name, m.floor_order])).toEqual([
        ['Ground floor', 0],
        ['Level 1', 1],
        ['Basement', 2],
      ]);
      // A list that misses a map (added or deleted meanwhile) changes nothing.
      const stale = await call('PUT', '/location_map/maps/order', {
        device_id: second.id,
        map_ids: [ground.id, first.id],
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe('map_list_changed');
    });

    it('takes the picture on a PDF page as the plan, and says which page is missing', async () => {
      const res = await uploadMap(
        second.id,
        { name: 'Scanned plan' },
        {
          name: 'plan.pdf',
          content: pdfWithPicture(),
          type: 'application/pdf',
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      const map = res.json().data as LocationMap;
      expect([map.width, map.height]).toEqual([40, 30]);
      const missing = await uploadMap(
        second.id,
        { name: 'Plan p3', page: 3 },
        {
          name: 'plan.pdf',
          content: pdfWithPicture(),
          type: 'application/pdf',
        },
      );
      expect(missing.statusCode).toBe(422);
      expect(missing.json().error).toBe('pdf_page_missing');
      expect(missing.json().message).toContain('1 page');
    });

    it('refuses a PDF whose picture is a Flate bomb before decoding it, and answers the next upload', async () => {
      // About 300 KB unpacking to 300 MB: the picture declares 7,000 × 7,000 (under 50 MP), its
      // stream holds far more than that and more than the 256 MB a PDF may unpack to.
      const bomb = pdfWithPicture(7000, 7000, {
        data: await deflateRepeated(Buffer.alloc(1024), 300 * 1024),
        filter: '/FlateDecode',
      });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const before = await data<LocationMap[]>('GET', `/location_map/maps?device_id=${second.id}`);
      const started = Date.now();
      const res = await uploadMap(
        second.id,
        { name: 'Bomb' },
        { name: 'bomb.pdf', content: bomb, type: 'application/pdf' },
      );
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error).toBe('pdf_too_large');
      expect(res.json().message).toContain('more than 256 MB');
      expect(res.json().message).toContain('Export the floor plan as an image');
      expect(Date.now() - started).toBeLessThan(20_000); // refused by the check, not the worker's time limit
      expect(await data<LocationMap[]>('GET', `/location_map/maps?device_id=${second.id}`)).toHaveLength(
        before.length,
      );
      const next = await uploadMap(
        second.id,
        { name: 'After the bomb' },
        { name: 'plan.pdf', content: pdfWithPicture(), type: 'application/pdf' },
      );
      expect(next.statusCode, next.body).toBe(200);
      expect((next.json().data as LocationMap).name).toBe('After the bomb');
    }, 60_000);

    it('refuses a PDF picture declaring 100,000 × 100,000 pixels before decoding it', async () => {
      const res = await uploadMap(
        second.id,
        { name: 'Declared huge' },
        {
          name: 'huge.pdf',
          content: pdfWithPicture(100_000, 100_000, {
            data: zlib.deflateSync(Buffer.alloc(64 * 1024)),
            filter: '/FlateDecode',
          }),
          type: 'application/pdf',
        },
      );
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error).toBe('image_too_many_pixels');
      expect(res.json().message).toContain('100000 × 100000');
    });

    it('refuses a 200-megapixel floor plan with its size, and stores nothing', async () => {
      const before = await data<LocationMap[]>('GET', `/location_map/maps?device_id=${second.id}`);
      const res = await uploadMap(
        second.id,
        { name: 'Huge' },
        { name: 'huge.png', content: pngBomb(20_000, 10_000) },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe('image_too_many_pixels');
      expect(res.json().message).toContain('20000 × 10000');
      expect(await data<LocationMap[]>('GET', `/location_map/maps?device_id=${second.id}`)).toHaveLength(
        before.length,
      );
    });

    it('refuses a map without a name or a file', async () => {
      const noName = await uploadMap(
        second.id,
        { name: ' ' },
        { name: 'a.png', content: await solidPng(10, 10, '#000') },
      );
      expect(noName.statusCode).toBe(400);
      expect(noName.json().issues[0].key).toBe('map_name_required');
      const notImage = await uploadMap(
        second.id,
        { name: 'Text' },
        { name: 'a.png', content: Buffer.from('hello') },
      );
      expect(notImage.statusCode).toBe(415);
    });

    it('refuses a data field that is not JSON, or longer than a form field may be, storing nothing', async () => {
      const before = (await data<LocationMap[]>('GET', `/location_map/maps?device_id=${second.id}`)).length;
      const send = async (value: string) => {
        const body = multipartForm({ data: value }, [
          { field: 'file', name: 'a.png', content: await solidPng(10, 10, '#000') },
        ]);
        return t.app.inject({
          method: 'POST',
          url: `/admin_panel/location_map/maps?device_id=${second.id}`,
          headers: { ...admin.headers, ...body.headers },
          payload: body.payload,
        });
      };
      const broken = await send('{');
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ error: 'invalid_json_field', message: 'data: not valid JSON.' });
      const huge = await send(JSON.stringify({ name: 'x'.repeat(2_000_000) }));
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({
        error: 'field_too_large',
        message: 'The field data is longer than 64 KB.',
      });
      expect((await data<LocationMap[]>('GET', `/location_map/maps?device_id=${second.id}`)).length).toBe(
        before,
      );
    });
  });

  describe('locations', () => {
    let ground: LocationMap;
    let clinics: number;
    let pharmacy: Location;

    beforeAll(async () => {
      ground = await addMap(hospital.id, 'Ground floor');
      await addMap(hospital.id, 'First floor');
      clinics = (
        await data<{ category_id: number }>('POST', '/location_map/categories', {
          device_id: hospital.id,
          category: 'Clinics',
        })
      ).category_id;
    });

    it('adds a location with its point, details per locale, hours and aliases', async () => {
      pharmacy = await addLocation({
        device_id: hospital.id,
        name: 'Pharmacy',
        category_ids: [clinics],
        map_id: ground.id,
        poi: { x: 0.25, y: 0.75 },
        aliases: ['chemist', 'drugstore'],
        details: {
          english: {
            name: 'Pharmacy',
            address: 'Ground floor, Block A',
            phone_number: '+852 2345 6789',
            opening_hours: [
              { day: 'weekdays', start: '00:00', end: '24:00' },
              { day: 'weekends', start: '00:00', end: '24:00' },
            ],
          },
          cantonese: { name: '藥房', address: 'A座地下' },
          mandarin: { name: '药房', address: 'A座一楼' },
        },
      });
      expect(pharmacy.poi).toEqual({ x: 0.25, y: 0.75 });
      expect(pharmacy.map_name).toBe('Ground floor');
      expect(pharmacy.categories).toEqual([{ category_id: clinics, category_name: 'Clinics' }]);
      expect(pharmacy.details.cantonese?.name).toBe('藥房');
      expect(pharmacy.details.english?.opening_hours[0]).toEqual({
        day: 'weekdays',
        start: '00:00',
        end: '24:00',
        overnight: false,
      });
      const page = await call('GET', `/location_map/locations?device_id=${hospital.id}&search=chemist`);
      expect(page.json().total).toBe(1);
      const filtered = await call(
        'GET',
        `/location_map/locations?device_id=${hospital.id}&category_ids=${clinics}`,
      );
      expect(filtered.json().data.map((l: Location) => l.name)).toEqual(['Pharmacy']);
    });

    it('refuses a point outside the map, and a point without a map', async () => {
      const outside = await call('POST', '/location_map/locations', {
        device_id: hospital.id,
        name: 'Nowhere',
        map_id: ground.id,
        poi: { x: 1.5, y: 0.2 },
      });
      expect(outside.statusCode).toBe(400);
      expect(outside.json().issues[0].key).toBe('point_outside_map');
      const noMap = await call('POST', '/location_map/locations', {
        device_id: hospital.id,
        name: 'Nowhere',
        poi: { x: 0.5, y: 0.2 },
      });
      expect(noMap.json().issues[0].key).toBe('point_needs_map');
    });

    it('refuses hours that end before they start, and takes overnight hours', async () => {
      const bad = await call('POST', '/location_map/locations', {
        device_id: hospital.id,
        name: 'Night clinic',
        details: { english: { opening_hours: [{ day: 'friday', start: '22:00', end: '02:00' }] } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].key).toBe('hours_end_before_start');
      const overnight = await addLocation({
        device_id: hospital.id,
        name: 'Night clinic',
        details: {
          english: { opening_hours: [{ day: 'friday', start: '22:00', end: '02:00', overnight: true }] },
        },
      });
      expect(overnight.details.english?.opening_hours[0]?.overnight).toBe(true);
      await data('DELETE', `/location_map/locations/${overnight.id}?device_id=${hospital.id}`);
    });

    it('refuses a second location of the same name in one category, not in another', async () => {
      const twin = await call('POST', '/location_map/locations', {
        device_id: hospital.id,
        name: 'PHARMACY',
        category_ids: [clinics],
      });
      expect(twin.statusCode).toBe(409);
      expect(twin.json().error).toBe('location_name_taken');
      expect(twin.json().message).toContain('Clinics');
      const elsewhere = await addLocation({ device_id: hospital.id, name: 'Pharmacy' });
      await data('DELETE', `/location_map/locations/${elsewhere.id}?device_id=${hospital.id}`);
    });

    it('exports the locations to xlsx and imports them back with a preview; a bad row applies nothing', async () => {
      const exported = await call('GET', `/location_map/locations/export?device_id=${hospital.id}`);
      expect(exported.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const ws = wb.getWorksheet('Locations')!;
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      expect(header.slice(0, 8)).toEqual(['ID', 'Name', 'Categories', 'Map', 'X', 'Y', 'Active', 'Aliases']);
      const col = (name: string) => header.indexOf(name) + 1;
      const pharmacyRow = ws.getRow(2);
      expect(pharmacyRow.getCell(col('Name')).value).toBe('Pharmacy');
      expect(pharmacyRow.getCell(col('Categories')).value).toBe('Clinics');
      pharmacyRow.getCell(col('Address (english)')).value = 'Ground floor, Block A, next to the lifts';
      const added = ws.getRow(3);
      added.getCell(col('Name')).value = 'Cafe';
      added.getCell(col('Map')).value = 'First floor';
      added.getCell(col('X')).value = 0.4;
      added.getCell(col('Y')).value = 0.6;
      added.getCell(col('Name (cantonese)')).value = '咖啡室';
      const bad = ws.getRow(4);
      bad.getCell(col('Name')).value = 'Lost';
      bad.getCell(col('Map')).value = 'First floor';
      bad.getCell(col('X')).value = 2;
      bad.getCell(col('Y')).value = 0.5;
      const upload = async (mode: string, book: ExcelJS.Workbook) => {
        const body = multipartForm({}, [
          {
            field: 'file',
            name: 'locations.xlsx',
            content: Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer),
            type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        ]);
        const res = await t.app.inject({
          method: 'POST',
          url: `/admin_panel/location_map/locations/import?device_id=${hospital.id}&mode=${mode}`,
          headers: { ...admin.headers, ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as LocationImportReport;
      };
      const refused = await upload('apply', wb);
      expect(refused.applied).toBe(false);
      expect(refused.errors).toMatchObject([{ row: 4, column: 'X', key: 'point_outside_map' }]);
      ws.spliceRows(4, 1);
      const preview = await upload('preview', wb);
      expect(preview).toMatchObject({ applied: false, add: 1, update: 1, errors: [] });
      const before = await call('GET', `/location_map/locations?device_id=${hospital.id}`);
      expect(before.json().total).toBe(1);
      // Asked before the import (the device's locations are then held in memory), and after it.
      const cafe = () => ask(hospital.key, 'english', 'Where is the cafe?');
      expect((await cafe()).answered_by).toBe('fallback');
      const applied = await upload('apply', wb);
      expect(applied).toMatchObject({ applied: true, add: 1, update: 1 });
      const after = await data<Location[]>('GET', `/location_map/locations?device_id=${hospital.id}`);
      expect(after.map((l) => l.name)).toEqual(['Cafe', 'Pharmacy']);
      expect((await cafe()).location?.location_id).toBe(after[0]?.id);
      expect(after[0]).toMatchObject({ poi: { x: 0.4, y: 0.6 }, map_name: 'First floor' });
      expect(after[0]?.details.cantonese?.name).toBe('咖啡室');
      expect(after[1]?.details.english?.address).toBe('Ground floor, Block A, next to the lifts');
      // What the file does not carry (hours, aliases' order) stays.
      expect(after[1]?.details.english?.opening_hours).toHaveLength(2);
      await data('DELETE', `/location_map/locations/${after[0]!.id}?device_id=${hospital.id}`);
    });

    it('refuses to delete a map while locations use it, naming them', async () => {
      const res = await call('DELETE', `/location_map/maps/${ground.id}?device_id=${hospital.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('map_in_use');
      expect(res.json().message).toContain('Pharmacy');
      const maps = await data<LocationMap[]>('GET', `/location_map/maps?device_id=${hospital.id}`);
      expect(maps.find((m) => m.id === ground.id)?.location_count).toBe(1);
    });

    it('keeps category layers as a tree with a column view; deleting a layer unfiles its locations', async () => {
      const floor = await data<{ category_id: number }>('POST', '/location_map/categories', {
        device_id: hospital.id,
        category: 'X-ray',
        parent_id: clinics,
      });
      const dup = await call('POST', '/location_map/categories', {
        device_id: hospital.id,
        category: 'x-RAY',
        parent_id: clinics,
      });
      expect(dup.json().error).toBe('category_name_taken');
      const tree = await data<Array<{ category_name: string; children: Array<{ category_name: string }> }>>(
        'GET',
        `/location_map/categories/tree?device_id=${hospital.id}`,
      );
      expect(tree.map((n) => [n.category_name, n.children.map((c) => c.category_name)])).toEqual([
        ['Clinics', ['X-ray']],
      ]);
      const column = await data<{
        categories: Array<{ has_child: boolean }>;
        locations: Array<{ name: string }>;
      }>('GET', `/location_map/categories/column?device_id=${hospital.id}&category_id=${clinics}`);
      expect(column.locations.map((l) => l.name)).toEqual(['Pharmacy']);
      const renamed = await data<{ category_name: string }>(
        'PUT',
        `/location_map/categories/${floor.category_id}`,
        {
          device_id: hospital.id,
          category: 'Radiology',
        },
      );
      expect(renamed.category_name).toBe('Radiology');
      const xray = await addLocation({
        device_id: hospital.id,
        name: 'X-ray room',
        category_ids: [floor.category_id],
      });
      const gone = await data<{ categories: number; locations: number }>(
        'DELETE',
        `/location_map/categories/${floor.category_id}?device_id=${hospital.id}`,
      );
      expect(gone).toEqual({ categories: 1, locations: 1 });
      expect(
        (await data<Location>('GET', `/location_map/locations/${xray.id}?device_id=${hospital.id}`))
          .categories,
      ).toEqual([]);
      await data('DELETE', `/location_map/locations/${xray.id}?device_id=${hospital.id}`);
    });

    it('answers "where is …" in Cantonese and English with the details, open now, the map, the point and "you are here"', async () => {
      await data('PUT', '/location_map/kiosk_position', {
        device_id: hospital.id,
        map_id: ground.id,
        poi: { x: 0.5, y: 0.5 },
      });
      const socket = await connected(deviceSocket(url, hospital.key));
      const heard = nextMessage(socket, SOCKET.locationMap);
      await data('PUT', `/location_map/locations/${pharmacy.id}`, {
        ...pharmacy,
        device_id: hospital.id,
        category_ids: [clinics],
      });
      expect(await heard).toHaveProperty('changed_at');

      const yue = await ask(hospital.key, 'cantonese', '藥房喺邊度？');
      expect(yue.answered_by).toBe('location');
      expect(yue.location).toMatchObject({
        location_id: pharmacy.id,
        localization: 'cantonese',
        name: '藥房',
        address: 'A座地下',
        poi: { x: 0.25, y: 0.75 },
        you_are_here: { x: 0.5, y: 0.5 },
        open_now: true,
      });
      expect(yue.location?.map?.url).toBe(ground.url);
      expect(yue.answer_text).toContain('藥房喺A座地下');

      const en = await ask(hospital.key, 'english', 'Where is the chemist?');
      expect(en.answered_by).toBe('location');
      expect(en.location).toMatchObject({
        name: 'Pharmacy',
        address: 'Ground floor, Block A',
        open_now: true,
      });
      expect(en.answer_text).toContain('It is open now');

      const zh = await ask(hospital.key, 'mandarin', '请问药房在哪里');
      expect(zh.location?.name).toBe('药房');

      const none = await ask(hospital.key, 'english', 'Where is the cafeteria?');
      expect(none.answered_by).toBe('fallback');
      expect(none.location).toBeNull();

      // The Dashboard's FAQ lists the location like a topic.
      const today = new Date().toISOString().slice(0, 10);
      const faq = await data<Array<{ kind?: string; intent_name: string; count: number }>>(
        'GET',
        `/dashboard/faq?device_id=${hospital.id}&start_datetime=${today}&end_datetime=${today}&tz=UTC`,
      );
      expect(faq.find((f) => f.kind === 'location')).toMatchObject({ intent_name: 'Pharmacy', count: 3 });
    });

    it('answers a place named outright (its name or another name) before a topic sharing its words; the topic keeps the rest', async () => {
      const category = await data<{ category_id: number }>('POST', '/ai_config/intents/category', {
        device_id: hospital.id,
        name: 'Visitors',
      });
      const dining = await data<{ id: number }>('POST', '/ai_config/intents/intent', {
        device_id: hospital.id,
        name: 'Dining',
        category_id: category.category_id,
      });
      for (const text of ['food hall', 'where is the food hall', 'where can i eat', 'restrooms'])
        await data('POST', '/ai_config/intents/keywords', {
          device_id: hospital.id,
          intent_id: dining.id,
          language: 'english',
          text,
        });
      await data('POST', '/ai_config/intents/responses', {
        device_id: hospital.id,
        intent_id: dining.id,
        language: 'english',
        device_type: 'ambassador',
        response_aim: 'give_info',
        response_type: 'text',
        speech: 'There are cafes on every floor.',
        contents: [{ type: 'text', values: ['There are cafes on every floor.'] }],
      });
      const court = await addLocation({ device_id: hospital.id, name: 'Food Court', aliases: ['food hall'] });
      const restrooms = await addLocation({ device_id: hospital.id, name: 'Restrooms L1' });

      const hall = await ask(hospital.key, 'english', 'Where is the food hall?');
      expect(hall.answered_by).toBe('location');
      expect(hall.location?.name).toBe('Food Court');
      expect((await ask(hospital.key, 'english', 'Where is Restrooms L1?')).location?.name).toBe(
        'Restrooms L1',
      );
      // Not naming a place: the topic answers as before.
      const eat = await ask(hospital.key, 'english', 'Where can I eat?');
      expect(eat.answered_by).toBe('topic');
      expect(eat.answer_text ?? eat.intent).toBeTruthy();

      // The topic page asks which of its phrases a place takes over.
      const named = await data<Array<{ text: string; location: { name: string } | null }>>(
        'POST',
        '/location_map/named',
        { device_id: hospital.id, texts: ['food hall', 'where is the food hall', 'where can i eat'] },
      );
      expect(named.map((n) => n.location?.name ?? null)).toEqual(['Food Court', 'Food Court', null]);

      for (const id of [court.id, restrooms.id])
        await data('DELETE', `/location_map/locations/${id}?device_id=${hospital.id}`);
      await data('DELETE', `/ai_config/intents/intent`, { device_id: hospital.id, id: dining.id }).catch(
        () => undefined,
      );
    });

    it('gives the kiosk its floor map: floors in order, active places in the language, where it stands', async () => {
      const hidden = await addLocation({ device_id: hospital.id, name: 'Staff room', is_active: false });
      const floorMap = async (key: string, language: string) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/device_api/v1/floor_map?language=${language}`,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as KioskFloorMap;
      };
      const yue = await floorMap(hospital.key, 'cantonese');
      expect(yue.floors.map((f) => f.name)).toEqual(['Ground floor', 'First floor']);
      expect(yue.floors[0]).toMatchObject({ id: ground.id, url: ground.url, width: 800 });
      const names = yue.places.map((p) => p.name);
      expect(names).toContain('藥房');
      expect(names).not.toContain('Staff room');
      expect(yue.places.find((p) => p.location_id === pharmacy.id)).toMatchObject({
        address: 'A座地下',
        categories: ['Clinics'],
        poi: { x: 0.25, y: 0.75 },
        map: { id: ground.id },
        you_are_here: { x: 0.5, y: 0.5 },
      });
      expect(yue.you_are_here).toEqual({ map_id: ground.id, x: 0.5, y: 0.5 });
      expect((await floorMap(hospital.key, 'english')).places.map((p) => p.name)).toContain('Pharmacy');
      // Another project's kiosk sees only its own device's.
      const theirs = await floorMap(foreign.key, 'english');
      expect(theirs.places.map((p) => p.location_id)).not.toContain(pharmacy.id);
      expect(theirs.floors.map((f) => f.id)).not.toContain(ground.id);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/device_api/v1/floor_map?language=klingon',
        headers: { authorization: `Bearer ${hospital.key}` },
      });
      expect(bad.statusCode).toBe(400);
      await data('DELETE', `/location_map/locations/${hidden.id}?device_id=${hospital.id}`);
    });

    it('answers with what was changed a moment ago: an added, renamed, deactivated or deleted location, a renamed or deleted layer', async () => {
      const where = async (text: string) => {
        const a = await ask(hospital.key, 'english', text);
        return a.answered_by === 'location' ? a.location!.name : null;
      };
      // Asked once: the device's locations are now held in memory.
      expect(await where('Where is the gift shop?')).toBeNull();
      const shop = await addLocation({ device_id: hospital.id, name: 'Gift shop' });
      expect(await where('Where is the gift shop?')).toBe('Gift shop');

      const put = (fields: Partial<LocationFields>) =>
        data<Location>('PUT', `/location_map/locations/${shop.id}`, {
          device_id: hospital.id,
          name: 'Gift shop',
          ...fields,
        });
      await put({ name: 'Flower shop' });
      expect(await where('Where is the flower shop?')).toBe('Flower shop');
      expect(await where('Where is the gift shop?')).toBeNull();

      await put({ name: 'Flower shop', is_active: false });
      expect(await where('Where is the flower shop?')).toBeNull();

      const shops = await data<{ category_id: number }>('POST', '/location_map/categories', {
        device_id: hospital.id,
        category: 'Shops',
      });
      await put({ name: 'Flower shop', category_ids: [shops.category_id] });
      expect(await where('Where are the shops?')).toBe('Flower shop');
      await data('PUT', `/location_map/categories/${shops.category_id}`, {
        device_id: hospital.id,
        category: 'Boutiques',
      });
      expect(await where('Where are the boutiques?')).toBe('Flower shop');
      expect(await where('Where are the shops?')).toBeNull();
      await data('DELETE', `/location_map/categories/${shops.category_id}?device_id=${hospital.id}`);
      expect(await where('Where are the boutiques?')).toBeNull();

      await data('DELETE', `/location_map/locations/${shop.id}?device_id=${hospital.id}`);
      expect(await where('Where is the flower shop?')).toBeNull();
    });

    it('keeps one project’s and one device’s locations from another', async () => {
      const mine = await call('GET', `/location_map/locations/${pharmacy.id}?device_id=${second.id}`);
      expect(mine.statusCode).toBe(404);
      const theirs = await call('GET', `/location_map/locations?device_id=${hospital.id}`, undefined, other);
      expect(theirs.statusCode).toBe(403);
      const foreignMap = await call(
        'POST',
        '/location_map/locations',
        {
          device_id: foreign.id,
          name: 'Stolen',
          map_id: ground.id,
          poi: { x: 0.1, y: 0.1 },
        },
        other,
      );
      expect(foreignMap.statusCode).toBe(404);
      expect(foreignMap.json().error).toBe('map_not_on_device');
      const edit = await call(
        'PUT',
        `/location_map/locations/${pharmacy.id}`,
        { device_id: foreign.id, name: 'Mine' },
        other,
      );
      expect(edit.statusCode).toBe(404);
      expect(
        (await data<Location>('GET', `/location_map/locations/${pharmacy.id}?device_id=${hospital.id}`)).name,
      ).toBe('Pharmacy');
      const kiosk = await t.app.inject({
        method: 'GET',
        url: `/device_api/v1/locations/${pharmacy.id}?language=english`,
        headers: { authorization: `Bearer ${foreign.key}` },
      });
      expect(kiosk.statusCode).toBe(404);
    });
  });

  describe('deleting many, and undo', () => {
    it('deletes every location a search matches with its layers, and one undo puts all back with their ids', async () => {
      const layer = (
        await data<{ category_id: number }>('POST', '/location_map/categories', {
          device_id: second.id,
          category: 'Bulk wing',
        })
      ).category_id;
      const made: Location[] = [];
      for (const name of ['Bulk clinic 1', 'Bulk clinic 2', 'Bulk clinic 3'])
        made.push(
          await addLocation({ device_id: second.id, name, category_ids: [layer], aliases: ['門診'] }),
        );
      const kept = await addLocation({ device_id: second.id, name: 'Information desk' });
      const list = async () =>
        (await data<Location[]>('GET', `/location_map/locations?device_id=${second.id}`)).map((l) => l.name);

      const res = await call('POST', '/location_map/locations/bulk', {
        device_id: second.id,
        action: 'delete',
        selection: { all: true, filter: { search: '門診' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json().data;
      expect(result).toMatchObject({ count: 3, undo: { count: 3 } });
      expect(await list()).toEqual([kept.name]);
      // Another project can neither act on the device nor undo for it.
      expect((await call('POST', '/undo', { id: result.undo.id }, other)).statusCode).toBe(404);

      await data('POST', '/undo', { id: result.undo.id });
      const back = await data<Location[]>(
        'GET',
        `/location_map/locations?device_id=${second.id}&category_ids=${layer}`,
      );
      expect(back.map((l) => l.id).sort()).toEqual(made.map((l) => l.id).sort());
      expect(back.every((l) => l.aliases.includes('門診'))).toBe(true);
    });

    it('answers a single delete with its undo ticket', async () => {
      const gone = await addLocation({ device_id: second.id, name: 'Temporary booth' });
      const ticket = await data<{ id: number; count: number }>(
        'DELETE',
        `/location_map/locations/${gone.id}?device_id=${second.id}`,
      );
      expect(ticket.count).toBe(1);
      await data('POST', '/undo', { id: ticket.id });
      const again = await data<Location[]>(
        'GET',
        `/location_map/locations?device_id=${second.id}&search=booth`,
      );
      expect(again.map((l) => l.id)).toEqual([gone.id]);
    });
  });
});
