import { randomBytes } from 'node:crypto';
import type { PassThrough, Readable } from 'node:stream';
import type { ConversationSort } from '@ambassador/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  insertConversations,
  insertDevice,
  insertSession,
  type ConversationFixture,
} from '../../test/conversation-fixtures.js';
import { queryRows, type Db } from '../../db/client.js';
import { ADMIN, backends, createUser, login, otherProject } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { createTopicsRepo, createTopicsService } from '../ai/index.js';
import type { AuthContext } from '../auth/index.js';
import { savedByLibreOffice } from '../../test/libreoffice.js';
import { createConversationsRepo, type ConversationsRepo } from './repo.js';
import { createConversationsService } from './service.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador. */
const LOBBY = 1;
const NORTH = 2;
const HK = 'Asia/Hong_Kong';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = [
  'Date',
  'Acquire',
  'Reply',
  'Intent identified',
  'Category',
  'Response time (ms)',
  'Score',
  'Status',
  'Device',
  'Rating',
  'Comment',
  'Bookmarked',
  'Language',
];

type Method = 'GET' | 'POST' | 'PUT';
type Row = { id: number; acquire: string };

/**
 * The review log: in Hong Kong time (UTC+8) 2026-03-10..11 holds `first` .. `last`; `before` and
 * `after` are one instant outside. Values are distinct per column except where ties are wanted
 * (category Facilities, status, device, rating) to show the tie-break on id.
 */
const LOG: Record<string, ConversationFixture> = {
  before: {
    deviceId: LOBBY,
    at: '2026-03-09T15:59:59.999Z',
    acquire: 'Where is lost and found?',
    intentName: 'Lost property',
    categoryName: 'Lost & Found',
  },
  first: {
    deviceId: LOBBY,
    at: '2026-03-09T16:00:00Z',
    acquire: 'Good morning',
    reply: 'Good morning! How can I help?',
    intentName: 'Greeting',
    categoryName: 'Small talk',
    responseTimeMs: 90,
    score: 0.95,
  },
  A: {
    deviceId: LOBBY,
    at: '2026-03-10T01:00:00Z',
    acquire: 'Where is the parking?',
    reply: 'Parking is on level B2.',
    intentName: 'Parking',
    categoryName: 'Transport',
    responseTimeMs: 120,
    score: 0.91,
    rating: 1,
    comment: 'Very helpful',
  },
  B: {
    deviceId: LOBBY,
    at: '2026-03-10T02:00:00Z',
    acquire: '洗手間在哪裡？',
    reply: '洗手間在二樓。',
    language: 'cantonese',
    intentName: '洗手間',
    categoryName: 'Facilities',
    responseTimeMs: 80,
    score: 0.85,
    rating: -1,
    comment: '太遠了',
  },
  C: {
    deviceId: NORTH,
    at: '2026-03-10T03:00:00Z',
    acquire: 'Opening hours?',
    reply: 'Sorry, I did not understand.',
    responseTimeMs: 200,
    status: 'fallback',
  },
  D: {
    deviceId: LOBBY,
    at: '2026-03-10T04:00:00Z',
    acquire: 'Is there 100% free wifi?',
    reply: 'Yes, Wi-Fi is free everywhere.',
    intentName: 'Wi-Fi',
    categoryName: 'Facilities',
    responseTimeMs: 60,
    score: 0.7,
  },
  E: {
    deviceId: NORTH,
    at: '2026-03-11T05:00:00Z',
    acquire: 'Can I bring my dog_cat?',
    reply: 'Pets are not allowed inside.',
    intentName: 'Pets',
    categoryName: 'Rules',
    responseTimeMs: 150,
    score: 0.6,
    rating: 1,
  },
  last: {
    deviceId: LOBBY,
    at: '2026-03-11T15:59:59Z',
    acquire: 'Any events tonight?',
    reply: 'Sorry, I did not catch that.',
    responseTimeMs: 300,
    status: 'fallback',
    rating: -1,
  },
  after: { deviceId: LOBBY, at: '2026-03-11T16:00:00Z', acquire: 'Still open?', status: 'fallback' },
};

/** Ascending order of every sort, and how many rows at its end have no value (nulls come last). */
const ASC: Record<ConversationSort, { order: string[]; nulls: number }> = {
  datetime: { order: ['first', 'A', 'B', 'C', 'D', 'E', 'last'], nulls: 0 },
  acquire: { order: ['last', 'E', 'first', 'D', 'C', 'A', 'B'], nulls: 0 },
  reply: { order: ['first', 'A', 'E', 'last', 'C', 'D', 'B'], nulls: 0 },
  intent: { order: ['first', 'A', 'E', 'D', 'B', 'C', 'last'], nulls: 2 },
  category: { order: ['B', 'D', 'E', 'first', 'A', 'C', 'last'], nulls: 2 },
  response_time: { order: ['D', 'B', 'first', 'A', 'E', 'C', 'last'], nulls: 0 },
  score: { order: ['E', 'D', 'B', 'A', 'first', 'C', 'last'], nulls: 2 },
  status: { order: ['first', 'A', 'B', 'D', 'E', 'C', 'last'], nulls: 0 },
  device: { order: ['first', 'A', 'B', 'D', 'last', 'C', 'E'], nulls: 0 },
  rating: { order: ['B', 'last', 'A', 'E', 'first', 'C', 'D'], nulls: 3 },
};
/** Descending: values reversed (ties by id, descending too), nulls still last. */
const desc = ({ order, nulls }: { order: string[]; nulls: number }) => [
  ...order.slice(0, order.length - nulls).reverse(),
  ...order.slice(order.length - nulls).reverse(),
];

/** A date cell showing that wall-clock: a workbook's dates have no zone, ExcelJS reads them as UTC. */
const wallClock = (local: string) => new Date(`${local.replace(' ', 'T')}Z`);

async function readWorkbook(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

function rowsOf(ws: ExcelJS.Worksheet) {
  const rows: unknown[][] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(HEADERS.map((_, i) => row.getCell(i + 1).value ?? null));
  });
  return rows;
}

async function collect(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(backends)('conversation review on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const id: Record<string, number> = {};
  const label = (rowId: number) => Object.keys(id).find((k) => id[k] === rowId) ?? `#${rowId}`;

  const call = (method: Method, path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const data = async (method: Method, path: string, payload?: object) => {
    const res = await call(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const query = (params: Record<string, string | number | boolean>) =>
    new URLSearchParams(
      Object.entries({
        device_id: LOBBY,
        device_ids: `${LOBBY},${NORTH}`,
        start_datetime: '2026-03-10',
        end_datetime: '2026-03-11',
        tz: HK,
        sort_by: 'datetime',
        order: 'asc',
        limit: 100,
        ...params,
      }).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  const list = async (params: Record<string, string | number | boolean> = {}) => {
    const res = await call('GET', `/conversation?${query(params)}`);
    if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return {
      labels: (body.data as Row[]).map((r) => label(r.id)),
      rows: body.data as Row[],
      total: body.total,
    };
  };
  const actor = (): AuthContext => ({
    sessionId: 0,
    userId: admin.userId,
    projectId: admin.projectId,
    username: ADMIN.username,
    roleId: 3,
    pageAccess: 'all',
    passwordExpired: false,
  });
  const service = (
    exportOptions: object,
    repo: ConversationsRepo = createConversationsRepo(t.database.db),
  ) => {
    const errors: unknown[] = [];
    const topics = createTopicsService({
      repo: createTopicsRepo(t.database.db),
      clock: t.clock,
      listener: { changed: () => undefined },
    });
    const svc = createConversationsService({
      repo,
      topics,
      clock: t.clock,
      log: { error: (obj) => errors.push(obj) },
      exportOptions,
    });
    return { svc, errors };
  };
  const exportFilter = (params: Record<string, unknown> = {}) => ({
    device_ids: [LOBBY, NORTH],
    start_datetime: '2026-03-10',
    end_datetime: '2026-03-11',
    tz: HK,
    bookmarked: false,
    fallback: false,
    candidate: false,
    exclude: false,
    sort_by: 'datetime' as ConversationSort,
    order: 'asc' as 'asc' | 'desc',
    ...params,
  });

  beforeAll(async () => {
    const names = Object.keys(LOG);
    const ids = await insertConversations(
      t.database.db,
      names.map((n) => LOG[n]!),
    );
    names.forEach((n, i) => (id[n] = ids[i]!));
  });

  describe('list', () => {
    it('maps a row to what the table shows', async () => {
      const { rows } = await list({ search: 'parking' });
      expect(rows).toEqual([
        {
          id: id.A,
          datetime: '2026-03-10T01:00:00.000Z',
          acquire: 'Where is the parking?',
          reply: 'Parking is on level B2.',
          language: 'english',
          intent_id: null,
          intent_identified: 'Parking',
          category: 'Transport',
          response_time: 120,
          score: 0.91,
          status: 'answered',
          device_id: LOBBY,
          device_name: 'Main Lobby Ambassador',
          rating: 1,
          comment: 'Very helpful',
          bookmarked: false,
          session_id: null,
          trained_intent: null,
          candidate: null,
          source: null,
          steps: null,
        },
      ]);
    });

    it('takes calendar days in the caller’s time zone, both ends included', async () => {
      const hk = await list();
      expect(hk.labels).toEqual(['first', 'A', 'B', 'C', 'D', 'E', 'last']);
      expect(hk.total).toBe(7);
      // The same days in UTC are other instants: `first` falls on the 9th, `after` on the 11th.
      const utc = await list({ tz: 'UTC' });
      expect(utc.labels).toEqual(['A', 'B', 'C', 'D', 'E', 'last', 'after']);
      const oneDay = await list({ end_datetime: '2026-03-10' });
      expect(oneDay.labels).toEqual(['first', 'A', 'B', 'C', 'D']);
    });

    it('lists only the devices asked for', async () => {
      expect((await list({ device_ids: NORTH })).labels).toEqual(['C', 'E']);
    });

    it('filters by fallback, category (included or excluded) and bookmark', async () => {
      expect((await list({ fallback: true })).labels).toEqual(['C', 'last']);
      expect((await list({ category: 'Facilities,Transport' })).labels).toEqual(['A', 'B', 'D']);
      // Excluding keeps the rows that have no category at all.
      expect((await list({ category: 'Facilities, Transport', exclude: true })).labels).toEqual([
        'first',
        'C',
        'E',
        'last',
      ]);
      expect((await list({ bookmarked: true })).labels).toEqual([]);
    });

    it('searches question and answer, Chinese included, taking % and _ literally', async () => {
      expect((await list({ search: '洗手' })).labels).toEqual(['B']);
      expect((await list({ search: 'PARKING' })).labels).toEqual(['A']);
      expect((await list({ search: 'not allowed' })).labels).toEqual(['E']);
      expect((await list({ search: '%' })).labels).toEqual(['D']);
      expect((await list({ search: '_' })).labels).toEqual(['E']);
      expect((await list({ search: '100% free' })).labels).toEqual(['D']);
      const none = await list({ search: 'nothing like this' });
      expect(none).toMatchObject({ labels: [], total: 0 });
      // Three characters and more go through the trigram indexes: Chinese in either column too.
      expect((await list({ search: '間在哪' })).labels).toEqual(['B']);
      expect((await list({ search: '在二樓' })).labels).toEqual(['B']);
      expect((await list({ search: '洗手間在' })).labels).toEqual(['B']);
    });

    it('finds a Chinese substring through the trigram index, not by reading every row', async () => {
      // A plan, not a timing: with sequential scans priced out, the search can use the trigram
      // index on lower(acquire) only if pg_trgm extracts trigrams from the Chinese words.
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': string }>(
          tx as unknown as Db,
          sql`explain select id from conversations where lower(acquire) like lower(${'%洗手間%'}::text)`,
        );
      });
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('conversations_acquire_trgm_idx');
    });

    it.each(Object.keys(ASC) as ConversationSort[])('sorts by %s both ways, nulls last', async (sortBy) => {
      expect((await list({ sort_by: sortBy, order: 'asc' })).labels).toEqual(ASC[sortBy].order);
      expect((await list({ sort_by: sortBy, order: 'desc' })).labels).toEqual(desc(ASC[sortBy]));
    });

    it('sorts newest first by default and pages with the total of all matches', async () => {
      const page = await call(
        'GET',
        `/conversation?${new URLSearchParams({
          device_ids: `${LOBBY},${NORTH}`,
          start_datetime: '2026-03-10',
          end_datetime: '2026-03-11',
          tz: HK,
        })}`,
      );
      expect(page.json().total).toBe(7);
      expect(page.json().data.map((r: Row) => label(r.id))).toEqual(desc(ASC.datetime));
      const second = await list({ sort_by: 'datetime', order: 'asc', limit: 2, offset: 2 });
      expect(second).toMatchObject({ labels: ['B', 'C'], total: 7 });
      const beyond = await list({ limit: 10, offset: 50 });
      expect(beyond).toMatchObject({ labels: [], total: 7 });
    });

    it('refuses devices of another project, even one among own devices', async () => {
      const other = await otherProject(t.database);
      for (const device_ids of [`${LOBBY},${other.deviceId}`, `${other.deviceId}`, `${LOBBY},999999`]) {
        const res = await call('GET', `/conversation?${query({ device_ids })}`);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, message: 'This device is not in your project.' });
      }
    });

    it('answers 400 for input that makes no sense', async () => {
      const bad: Record<string, string | number>[] = [
        { start_datetime: '2026-03-12' },
        { start_datetime: '2026-02-30' },
        { end_datetime: '10/03/2026' },
        { tz: 'Mars/Olympus_Mons' },
        { sort_by: 'loudness' },
        { order: 'sideways' },
        { limit: 1000 },
        { device_ids: '' },
        { device_ids: 'one,two' },
      ];
      for (const params of bad) {
        const res = await call('GET', `/conversation?${query(params)}`);
        expect(res.statusCode, JSON.stringify(params)).toBe(400);
        expect(res.json().success).toBe(false);
      }
    });

    it('is only for those with Conversation Review', async () => {
      const { session } = await createUser(t.app, admin, {
        username: 'dashboard_only',
        role_id: 1,
        page_access: ['/dashboard'],
      });
      const res = await call('GET', `/conversation?${query({})}`, undefined, session);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('bookmarks', () => {
    it('toggles a bookmark and the filter follows', async () => {
      const on = await data('PUT', '/conversation', { device_id: LOBBY, id: id.A, bookmarked: true });
      expect(on).toMatchObject({ id: id.A, bookmarked: true, acquire: 'Where is the parking?' });
      await data('PUT', '/conversation', { id: id.C, bookmarked: true });
      expect((await list({ bookmarked: true })).labels).toEqual(['A', 'C']);
      // Twice the same is harmless.
      await data('PUT', '/conversation', { id: id.C, bookmarked: true });
      const off = await data('PUT', '/conversation', { id: id.C, bookmarked: false });
      expect(off.bookmarked).toBe(false);
      expect((await list({ bookmarked: true })).labels).toEqual(['A']);
      await data('PUT', '/conversation', { id: id.A, bookmarked: false });
    });

    it('does not find another project’s conversation, nor a missing one', async () => {
      const other = await otherProject(t.database);
      const [theirs] = await insertConversations(t.database.db, [
        { deviceId: other.deviceId, at: '2026-03-10T05:00:00Z', acquire: 'Their question' },
      ]);
      for (const target of [theirs!, 987654321]) {
        const res = await call('PUT', '/conversation', { id: target, bookmarked: true });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Conversation not found');
      }
      const them = await login(t.app, other.username, other.password);
      const mine = await call('PUT', '/conversation', { id: theirs, bookmarked: true }, them);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data).toMatchObject({ bookmarked: true, device_name: 'Other Kiosk' });
    });

    it('validates the body', async () => {
      const res = await call('PUT', '/conversation', { id: id.A, bookmarked: 'yes' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('session', () => {
    it('lists the questions of the visitor session, oldest first, whichever of them is asked for', async () => {
      const visit = await insertSession(t.database.db, {
        deviceId: NORTH,
        startedAt: '2026-03-12T01:00:00Z',
      });
      const another = await insertSession(t.database.db, {
        deviceId: NORTH,
        startedAt: '2026-03-12T01:00:00Z',
      });
      // Inserted out of order: the answer follows the time they were asked.
      const [second, first, , third] = await insertConversations(t.database.db, [
        { deviceId: NORTH, at: '2026-03-12T01:02:00Z', acquire: 'And the toilets?', sessionId: visit },
        { deviceId: NORTH, at: '2026-03-12T01:01:00Z', acquire: 'Where is the lift?', sessionId: visit },
        { deviceId: NORTH, at: '2026-03-12T01:01:30Z', acquire: 'Someone else', sessionId: another },
        { deviceId: NORTH, at: '2026-03-12T01:03:00Z', acquire: 'Thank you', sessionId: visit },
      ]);
      for (const asked of [first, third]) {
        const rows = (await data('GET', `/conversation/session?device_id=${LOBBY}&id=${asked}`)) as Row[];
        expect(rows.map((r) => r.acquire)).toEqual(['Where is the lift?', 'And the toilets?', 'Thank you']);
        expect(rows.map((r) => r.id)).toEqual([first, second, third]);
      }
      // A conversation without a session is its own only question.
      const alone = (await data('GET', `/conversation/session?id=${id.A}`)) as Row[];
      expect(alone.map((r) => r.acquire)).toEqual(['Where is the parking?']);
    });

    it('refuses another project’s conversation as not found, and its device as forbidden', async () => {
      const other = await otherProject(t.database);
      const visit = await insertSession(t.database.db, {
        deviceId: other.deviceId,
        startedAt: '2026-03-12T01:00:00Z',
      });
      const [theirs] = await insertConversations(t.database.db, [
        { deviceId: other.deviceId, at: '2026-03-12T01:01:00Z', acquire: 'Their secret', sessionId: visit },
      ]);
      const res = await call('GET', `/conversation/session?device_id=${LOBBY}&id=${theirs}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Their secret');
      const named = await call('GET', `/conversation/session?device_id=${other.deviceId}&id=${theirs}`);
      expect(named.statusCode).toBe(403);
      expect((await call('GET', '/conversation/session?id=987654321')).statusCode).toBe(404);
      expect((await call('GET', '/conversation/session?id=abc')).statusCode).toBe(400);
      // Their own operator sees it.
      const them = await login(t.app, other.username, other.password);
      const mine = await call('GET', `/conversation/session?id=${theirs}`, undefined, them);
      expect(mine.json().data.map((r: Row) => r.acquire)).toEqual(['Their secret']);
    });
  });

  describe('categories', () => {
    beforeAll(async () => {
      for (const name of ['Facilities', 'Shops']) {
        await data('POST', '/ai_config/intents/category', { device_id: LOBBY, name });
      }
    });

    it('offers the devices’ categories and those their conversations were logged with, sorted', async () => {
      const lobby = await data('GET', `/conversation/categories?device_id=${LOBBY}&device_ids=${LOBBY}`);
      // "Lost & Found" no longer exists as a category, but old rows carry it.
      expect(lobby).toEqual(['Facilities', 'Lost & Found', 'Shops', 'Small talk', 'Transport']);
      const both = await data('GET', `/conversation/categories?device_ids=${LOBBY},${NORTH}`);
      expect(both).toEqual(['Facilities', 'Lost & Found', 'Rules', 'Shops', 'Small talk', 'Transport']);
      const other = await otherProject(t.database);
      const res = await call('GET', `/conversation/categories?device_ids=${LOBBY},${other.deviceId}`);
      expect(res.statusCode).toBe(403);
      expect((await call('GET', '/conversation/categories')).statusCode).toBe(400);
    });
  });

  describe('train', () => {
    let wifi: { id: number };
    let toilets: { id: number };
    let northTopic: { id: number };
    const ask = (text: string, language = 'english') =>
      data('POST', '/ai_config/test_console', { device_id: LOBBY, language, text });
    const phrases = async (topicId: number, language: string) =>
      (
        (await data(
          'GET',
          `/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${topicId}&language=${language}`,
        )) as { text: string; kind: string }[]
      ).map((k) => `${k.kind}:${k.text}`);

    beforeAll(async () => {
      const cat = await data('POST', '/ai_config/intents/category', { device_id: LOBBY, name: 'Services' });
      wifi = await data('POST', '/ai_config/intents/intent', {
        device_id: LOBBY,
        name: 'Internet',
        category_id: cat.category_id,
      });
      toilets = await data('POST', '/ai_config/intents/intent', {
        device_id: LOBBY,
        name: 'Toilets',
        category_id: cat.category_id,
      });
      await data('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: toilets.id,
        language: 'english',
        text: 'restroom',
      });
      const northCat = await data('POST', '/ai_config/intents/category', { device_id: NORTH, name: 'North' });
      northTopic = await data('POST', '/ai_config/intents/intent', {
        device_id: NORTH,
        name: 'North only',
        category_id: northCat.category_id,
      });
    });

    it('adds the question as a training phrase, and the same question then matches', async () => {
      expect((await ask('Is there 100% free wifi?')).best?.intent_id).not.toBe(wifi.id);
      const trained = await data('POST', '/conversation/train', {
        device_id: LOBBY,
        id: id.D,
        intent_id: wifi.id,
      });
      expect(trained).toMatchObject({ id: id.D, trained_intent: { id: wifi.id, name: 'Internet' } });
      expect(await phrases(wifi.id, 'english')).toEqual(['phrase:Is there 100% free wifi?']);
      const after = await ask('Is there 100% free wifi?');
      expect(after).toMatchObject({ fallback: false, best: { intent_id: wifi.id, intent_name: 'Internet' } });
      // The review table shows what it was trained into.
      expect((await list({ search: '100%' })).rows[0]).toMatchObject({
        trained_intent: { id: wifi.id, name: 'Internet' },
      });
    });

    it('trains in the conversation’s language, and twice is harmless', async () => {
      await data('POST', '/conversation/train', { id: id.B, intent_id: toilets.id });
      const again = await call('POST', '/conversation/train', { id: id.B, intent_id: toilets.id });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.trained_intent).toEqual({ id: toilets.id, name: 'Toilets' });
      expect(await phrases(toilets.id, 'cantonese')).toEqual(['phrase:洗手間在哪裡？']);
      expect((await ask('洗手間在哪裡？', 'cantonese')).best?.intent_id).toBe(toilets.id);
    });

    it('refuses a topic of another device with a clear 400, and another project’s row with 404', async () => {
      const res = await call('POST', '/conversation/train', { id: id.A, intent_id: northTopic.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'topic_not_on_device' });
      expect(res.json().message).toContain('Main Lobby Ambassador');
      const other = await otherProject(t.database);
      const [theirs] = await insertConversations(t.database.db, [
        { deviceId: other.deviceId, at: '2026-03-10T05:00:00Z', acquire: 'Theirs' },
      ]);
      const foreign = await call('POST', '/conversation/train', { id: theirs, intent_id: wifi.id });
      expect(foreign.statusCode).toBe(404);
      expect((await call('POST', '/conversation/train', { id: id.A })).statusCode).toBe(400);
    });

    it('says so when a question is longer than a training phrase may be', async () => {
      const [long] = await insertConversations(t.database.db, [
        // Outside the range the other tests read.
        { deviceId: LOBBY, at: '2026-01-05T05:00:00Z', acquire: `${'很長的問題'.repeat(41)}？` },
      ]);
      const res = await call('POST', '/conversation/train', { id: long, intent_id: wifi.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'question_too_long' });
      expect(res.json().message).toContain('200 characters');
    });

    it('shows no trained topic once that topic is deleted', async () => {
      const cat = await data('POST', '/ai_config/intents/category', { device_id: LOBBY, name: 'Temporary' });
      const temp = await data('POST', '/ai_config/intents/intent', {
        device_id: LOBBY,
        name: 'Greetings',
        category_id: cat.category_id,
      });
      await data('POST', '/conversation/train', { id: id.first, intent_id: temp.id });
      await t.app.inject({
        method: 'DELETE',
        url: '/admin_panel/ai_config/intents/intent',
        headers: admin.headers,
        payload: { device_id: LOBBY, id: temp.id },
      });
      expect((await list({ search: 'Good morning' })).rows[0]).toMatchObject({ trained_intent: null });
    });
  });

  describe('fallbacks grouped', () => {
    // A day of its own, so the other tests' rows stay out of it.
    const day = { start_datetime: '2026-04-01', end_datetime: '2026-04-01', tz: HK };
    const groupsQuery = (params: Record<string, string | number> = {}) =>
      new URLSearchParams(
        Object.entries({ device_id: LOBBY, device_ids: `${LOBBY},${NORTH}`, ...day, ...params }).map(
          ([k, v]): [string, string] => [k, String(v)],
        ),
      ).toString();
    const groups = async () => data('GET', `/conversation/fallback_groups?${groupsQuery()}`);
    let category: number;
    let candidate: number;

    beforeAll(async () => {
      category = (await data('POST', '/ai_config/intents/category', { device_id: LOBBY, name: 'Asked for' }))
        .category_id;
      candidate = (
        await data('POST', '/ai_config/intents/intent', {
          device_id: LOBBY,
          name: 'Outdoor areas',
          category_id: category,
        })
      ).id;
      const at = (h: number) => `2026-04-01T0${h}:00:00Z`;
      await insertConversations(t.database.db, [
        {
          deviceId: LOBBY,
          at: at(1),
          acquire: 'Where can I smoke?',
          status: 'fallback',
          candidateIntentId: candidate,
          score: 0.42,
        },
        { deviceId: LOBBY, at: at(2), acquire: '  Where can I smoke?  ', status: 'fallback' },
        {
          deviceId: LOBBY,
          at: at(3),
          acquire: 'Where can I smoke?',
          status: 'fallback',
          candidateIntentId: candidate,
          score: 0.42,
        },
        { deviceId: LOBBY, at: at(4), acquire: '邊度可以食煙？', language: 'cantonese', status: 'fallback' },
        // Its closest topic came nowhere near the threshold (0.5 × 0.6): no candidate to offer.
        {
          deviceId: LOBBY,
          at: at(5),
          acquire: 'Is there an ATM?',
          status: 'fallback',
          candidateIntentId: candidate,
          score: 0.07,
        },
        { deviceId: LOBBY, at: at(6), acquire: 'Is there an ATM?', status: 'fallback' },
        {
          deviceId: LOBBY,
          at: at(7),
          acquire: 'Where is the lift?',
          status: 'answered',
          intentName: 'Lifts',
        },
        { deviceId: NORTH, at: at(8), acquire: 'Where can I smoke?', status: 'fallback' },
      ]);
    });

    it('lists what fell back, by wording when lexical only, most asked first, per device', async () => {
      const out = await groups();
      expect(out).toMatchObject({ by: 'wording', questions: 4, truncated: false });
      expect(
        out.groups.map((g: { device_id: number; label: string; count: number }) => [
          g.device_id,
          g.label,
          g.count,
        ]),
      ).toEqual([
        [LOBBY, 'Where can I smoke?', 3],
        [LOBBY, 'Is there an ATM?', 2],
        [LOBBY, '邊度可以食煙？', 1],
        [NORTH, 'Where can I smoke?', 1],
      ]);
      expect(out.groups[0]).toMatchObject({
        device_name: 'Main Lobby Ambassador',
        candidate: { id: candidate, name: 'Outdoor areas' },
        questions: [
          { text: 'Where can I smoke?', language: 'english', count: 3, last_at: '2026-04-01T03:00:00.000Z' },
        ],
      });
      expect(out.groups[2].questions[0].language).toBe('cantonese');
      expect(out.groups[1]).toMatchObject({ label: 'Is there an ATM?', candidate: null });
    });

    it('creates a topic from a group: taught its questions, its fallbacks trained, the group gone', async () => {
      const made = await data('POST', '/conversation/fallback_groups/topic', {
        device_id: LOBBY,
        name: 'Smoking area',
        category_id: category,
        questions: [
          { text: 'Where can I smoke?', language: 'english' },
          { text: 'where can i smoke?', language: 'english' },
          { text: '邊度可以食煙？', language: 'cantonese' },
        ],
      });
      expect(made).toMatchObject({ topic: { name: 'Smoking area' }, taught: 2, conversations: 4 });
      const keywords = (await data(
        'GET',
        `/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${made.topic.id}`,
      )) as { text: string; language: string; kind: string }[];
      expect(keywords.map((k) => `${k.kind}:${k.language}:${k.text}`).sort()).toEqual([
        'phrase:cantonese:邊度可以食煙？',
        'phrase:english:Where can I smoke?',
      ]);
      // The same question now matches, and only the other device's ask still waits.
      expect(
        (
          await data('POST', '/ai_config/test_console', {
            device_id: LOBBY,
            language: 'english',
            text: 'Where can I smoke?',
          })
        ).best?.intent_id,
      ).toBe(made.topic.id);
      const after = await groups();
      expect(after.groups.map((g: { device_id: number; label: string }) => [g.device_id, g.label])).toEqual([
        [LOBBY, 'Is there an ATM?'],
        [NORTH, 'Where can I smoke?'],
      ]);
      const review = await list({
        start_datetime: '2026-04-01',
        end_datetime: '2026-04-01',
        search: 'smoke',
      });
      expect(
        review.rows.filter((r) => (r as unknown as { trained_intent: unknown }).trained_intent !== null),
      ).toHaveLength(3);
    });

    it('refuses a name already taken, changing nothing', async () => {
      const before = await groups();
      const res = await call('POST', '/conversation/fallback_groups/topic', {
        device_id: LOBBY,
        name: 'Smoking area',
        category_id: category,
        questions: [{ text: 'Is there an ATM?', language: 'english' }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('topic_name_taken');
      expect(await groups()).toEqual(before);
    });

    it('answers 400 for no question, a question too long, or another device’s category', async () => {
      const northCat = (
        await data('POST', '/ai_config/intents/category', { device_id: NORTH, name: 'North asks' })
      ).category_id;
      const body = { device_id: LOBBY, name: 'Cash', category_id: category };
      for (const [payload, status] of [
        [{ ...body, questions: [] }, 400],
        [{ ...body, questions: [{ text: 'x'.repeat(201), language: 'english' }] }, 400],
        [
          { ...body, category_id: northCat, questions: [{ text: 'Is there an ATM?', language: 'english' }] },
          404,
        ],
      ] as const) {
        const res = await call('POST', '/conversation/fallback_groups/topic', payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      }
      expect((await groups()).groups.map((g: { label: string }) => g.label)).toContain('Is there an ATM?');
    });

    it('refuses another project’s device, and is AI Configuration’s to create', async () => {
      const other = await otherProject(t.database);
      const res = await call(
        'GET',
        `/conversation/fallback_groups?${groupsQuery({ device_ids: `${LOBBY},${other.deviceId}` })}`,
      );
      expect(res.statusCode).toBe(403);
      const post = await call('POST', '/conversation/fallback_groups/topic', {
        device_id: other.deviceId,
        name: 'Theirs',
        category_id: category,
        questions: [{ text: 'Is there an ATM?', language: 'english' }],
      });
      expect(post.statusCode).toBe(403);
      const { session } = await createUser(t.app, admin, {
        username: 'review_only',
        role_id: 1,
        page_access: ['/conversation'],
      });
      expect(
        (await call('GET', `/conversation/fallback_groups?${groupsQuery()}`, undefined, session)).statusCode,
      ).toBe(200);
      const denied = await call(
        'POST',
        '/conversation/fallback_groups/topic',
        {
          device_id: LOBBY,
          name: 'Cash',
          category_id: category,
          questions: [{ text: 'Is there an ATM?', language: 'english' }],
        },
        session,
      );
      expect(denied.statusCode).toBe(403);
    });
  });

  describe('export', () => {
    const download = (params: Record<string, string | number | boolean> = {}) =>
      call('GET', `/conversation/download?${query({ sort_by: 'datetime', order: 'asc', ...params })}`);

    it('downloads the filtered rows as xlsx named by the days', async () => {
      const res = await download();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      expect(res.headers['content-disposition']).toContain(
        'filename="2026-03-10-2026-03-11-Conversation.xlsx"',
      );
      const wb = await readWorkbook(res.rawPayload);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Conversations']);
      const ws = wb.worksheets[0]!;
      // The date column says the zone its times are in: the caller's.
      expect(HEADERS.map((_, i) => ws.getRow(1).getCell(i + 1).value)).toEqual([
        `Date (${HK})`,
        ...HEADERS.slice(1),
      ]);
      const rows = rowsOf(ws);
      expect(rows.map((r) => r[1])).toEqual(ASC.datetime.order.map((n) => LOG[n]!.acquire));
      // Real date cells a spreadsheet sorts and filters, showing the caller's wall-clock: the
      // range's first and last instant in Hong Kong.
      const date = ws.getCell('A2');
      expect(date.type).toBe(ExcelJS.ValueType.Date);
      expect(date.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(rows[0]![0]).toEqual(wallClock('2026-03-10 00:00:00'));
      expect(rows[6]![0]).toEqual(wallClock('2026-03-11 23:59:59'));
      expect(rows[2]).toEqual([
        wallClock('2026-03-10 10:00:00'),
        '洗手間在哪裡？',
        '洗手間在二樓。',
        '洗手間',
        'Facilities',
        80,
        0.85,
        'answered',
        'Main Lobby Ambassador',
        -1,
        '太遠了',
        false,
        'cantonese',
      ]);
      expect(rows[3]!.slice(3, 8)).toEqual([null, null, 200, null, 'fallback']);
    });

    it('keeps its date cells dates when LibreOffice Calc saves the file', async () => {
      const saved = await savedByLibreOffice((await download()).rawPayload);
      const ws = (await readWorkbook(saved)).worksheets[0]!;
      expect(ws.getCell('A1').value).toBe(`Date (${HK})`);
      expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
      expect(rowsOf(ws).map((r) => r[0])).toEqual(
        rowsOf((await readWorkbook((await download()).rawPayload)).worksheets[0]!).map((r) => r[0]),
      );
    });

    it('keeps the filters and the order of the table', async () => {
      const fallback = rowsOf(
        (await readWorkbook((await download({ fallback: true })).rawPayload)).worksheets[0]!,
      );
      expect(fallback.map((r) => r[1])).toEqual(['Opening hours?', 'Any events tonight?']);
      const byReply = await download({ sort_by: 'reply', order: 'desc' });
      const rows = rowsOf((await readWorkbook(byReply.rawPayload)).worksheets[0]!);
      expect(rows.map((r) => r[1])).toEqual(desc(ASC.reply).map((n) => LOG[n]!.acquire));
    });

    it('writes text that looks like a formula as text', async () => {
      const device = await insertDevice(t.database.db, admin.projectId, '=cmd|calc');
      await insertConversations(t.database.db, [
        {
          deviceId: device,
          at: '2026-04-01T01:00:00Z',
          acquire: '=1+1',
          reply: '@SUM(A1)',
          intentName: '+HYPERLINK("http://x")',
          categoryName: '-2+3',
          comment: '=2*3',
        },
      ]);
      const res = await call(
        'GET',
        `/conversation/download?${query({ device_ids: device, start_datetime: '2026-04-01', end_datetime: '2026-04-01' })}`,
      );
      const ws = (await readWorkbook(res.rawPayload)).worksheets[0]!;
      const row = ws.getRow(2);
      const expected: Record<number, string> = {
        2: '=1+1',
        3: '@SUM(A1)',
        4: '+HYPERLINK("http://x")',
        5: '-2+3',
        9: '=cmd|calc',
        11: '=2*3',
      };
      for (const [col, value] of Object.entries(expected)) {
        const cell = row.getCell(Number(col));
        expect(cell.type, `column ${col}`).toBe(ExcelJS.ValueType.String);
        expect(cell.value).toBe(value);
        expect(cell.numFmt).toBe('@');
      }
    });

    it('answers errors before the download starts as JSON', async () => {
      const other = await otherProject(t.database);
      const foreign = await download({ device_ids: other.deviceId });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ success: false });
      const backwards = await download({ start_datetime: '2026-03-12' });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toContain('The start date is after the end date');
    });

    it('exports an empty range as a sheet with only the header', async () => {
      const res = await download({ start_datetime: '2020-01-01', end_datetime: '2020-01-02' });
      expect(res.statusCode).toBe(200);
      const ws = (await readWorkbook(res.rawPayload)).worksheets[0]!;
      expect(ws.getRow(1).getCell(1).value).toBe(`Date (${HK})`);
      expect(rowsOf(ws)).toEqual([]);
    });

    it('continues on another sheet when a sheet is full, in order across batches', async () => {
      const { svc } = service({ rowsPerSheet: 3, batchSize: 2 });
      const file = await svc.export(actor(), exportFilter());
      const wb = await readWorkbook(await collect(file.stream));
      expect(wb.worksheets.map((w) => w.name)).toEqual([
        'Conversations',
        'Conversations 2',
        'Conversations 3',
      ]);
      for (const ws of wb.worksheets) expect(ws.getRow(1).getCell(1).value).toBe(`Date (${HK})`);
      expect(wb.worksheets.map((ws) => rowsOf(ws).map((r) => r[1]))).toEqual([
        ['Good morning', 'Where is the parking?', '洗手間在哪裡？'],
        ['Opening hours?', 'Is there 100% free wifi?', 'Can I bring my dog_cat?'],
        ['Any events tonight?'],
      ]);
    });

    it.each(['intent', 'category', 'score', 'status', 'device', 'rating'] as ConversationSort[])(
      'reads batch after batch in the %s order, ties and nulls included',
      async (sortBy) => {
        const { svc } = service({ sortedBatchSize: 2 });
        for (const order of ['asc', 'desc'] as const) {
          const file = await svc.export(actor(), exportFilter({ sort_by: sortBy, order }));
          const rows = rowsOf((await readWorkbook(await collect(file.stream))).worksheets[0]!);
          const expected = order === 'asc' ? ASC[sortBy].order : desc(ASC[sortBy]);
          expect(rows.map((r) => r[1])).toEqual(expected.map((n) => LOG[n]!.acquire));
        }
      },
    );

    describe('a large export to a slow client', () => {
      const ROWS = 3000;
      const BATCH = 50;
      let device: number;
      beforeAll(async () => {
        device = await insertDevice(t.database.db, admin.projectId, 'Busy Kiosk');
        const base = Date.parse('2026-05-01T00:00:00Z');
        await insertConversations(
          t.database.db,
          Array.from({ length: ROWS }, (_, i) => ({
            deviceId: device,
            at: new Date(base + i * 1000),
            acquire: `q${i} ${randomBytes(100).toString('hex')}`,
            reply: randomBytes(150).toString('hex'),
          })),
        );
      });

      /** A real repository that counts the batches read, and those being read now. */
      const counting = () => {
        const repo = createConversationsRepo(t.database.db);
        const reads = { n: 0, reading: 0 };
        return {
          reads,
          repo: {
            ...repo,
            exportBatch: async (...args: Parameters<ConversationsRepo['exportBatch']>) => {
              reads.n += 1;
              reads.reading += 1;
              try {
                return await repo.exportBatch(...args);
              } finally {
                reads.reading -= 1;
              }
            },
          },
        };
      };
      /** Resolves, with the batches read, once the export waits for the client: its file is full, no batch is being read. */
      const paused = async (file: { stream: PassThrough }, reads: { n: number; reading: number }) => {
        await vi.waitFor(
          () => {
            expect(file.stream.writableNeedDrain).toBe(true);
            expect(reads.reading).toBe(0);
          },
          { timeout: 15_000, interval: 20 },
        );
        return reads.n;
      };
      const filter = () =>
        exportFilter({
          device_ids: [device],
          start_datetime: '2026-05-01',
          end_datetime: '2026-05-01',
          tz: 'UTC',
        });

      it('stops reading while nobody takes the file, then completes', async () => {
        const { reads, repo } = counting();
        const { svc, errors } = service({ batchSize: BATCH, zipBacklogBytes: 64 * 1024 }, repo);
        const file = await svc.export(actor(), filter());
        const waiting = await paused(file, reads);
        expect(waiting * BATCH).toBeLessThan(ROWS / 2);
        const wb = await readWorkbook(await collect(file.stream));
        expect(reads.n).toBe(ROWS / BATCH + 1);
        const rows = rowsOf(wb.worksheets[0]!);
        expect(rows).toHaveLength(ROWS);
        expect(rows[0]![1]).toMatch(/^q0 /);
        expect(rows[ROWS - 1]![1]).toMatch(new RegExp(`^q${ROWS - 1} `));
        expect(errors).toEqual([]);
      });

      it("fails alone when it outgrows its worker's memory: the download is cut off, the next one completes", async () => {
        const { svc, errors } = service({ workerHeapMb: 8 });
        const file = await svc.export(actor(), filter());
        await expect(collect(file.stream)).rejects.toThrow('ran out of its memory');
        expect(errors).toEqual([{ err: expect.objectContaining({ reason: 'memory' }) }]);
        const again = await service({}).svc.export(actor(), filter());
        const rows = rowsOf((await readWorkbook(await collect(again.stream))).worksheets[0]!);
        expect(rows).toHaveLength(ROWS);
      });

      it('stops for good when the client goes away, without an error', async () => {
        const { reads, repo } = counting();
        const { svc, errors } = service({ batchSize: BATCH, zipBacklogBytes: 64 * 1024 }, repo);
        const file = await svc.export(actor(), filter());
        const waiting = await paused(file, reads);
        file.stream.destroy();
        // Gone: the export lets go of the file and reads not one batch more.
        await vi.waitFor(() => expect(file.stream.closed).toBe(true));
        await vi.waitFor(() => expect(reads.reading).toBe(0));
        expect(reads.n).toBe(waiting);
        expect(reads.n * BATCH).toBeLessThan(ROWS / 2);
        expect(errors).toEqual([]);
      });
    });
  });
});

describe.each(backends)('conversation review opened from the dashboard, on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const call = (method: Method, path: string, payload?: object) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: admin.headers, ...(payload && { payload }) });
  const data = async (method: Method, path: string, payload?: object) => {
    const res = await call(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const list = async (params: Record<string, string | number>) => {
    const query = new URLSearchParams(
      Object.entries({
        device_id: LOBBY,
        device_ids: `${LOBBY},${NORTH}`,
        tz: HK,
        sort_by: 'datetime',
        order: 'asc',
        limit: 100,
        ...params,
      }).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await call('GET', `/conversation?${query}`);
    if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
    return res.json() as { data: Row[]; total: number };
  };

  it('lists what one topic or one place answered (a Dashboard top question opened here)', async () => {
    const category = await data('POST', '/ai_config/intents/category', { device_id: LOBBY, name: 'Drill' });
    const topic = (await data('POST', '/ai_config/intents/intent', {
      device_id: LOBBY,
      name: 'Drill topic',
      category_id: category.category_id,
    })) as { id: number };
    const other = (await data('POST', '/ai_config/intents/intent', {
      device_id: LOBBY,
      name: 'Drill other',
      category_id: category.category_id,
    })) as { id: number };
    const place = await data('POST', '/location_map/locations', {
      device_id: LOBBY,
      name: 'Drill-down desk',
    });
    const day = '2026-04-01T03:00:00Z';
    const [asked, again, elsewhere, fell, shown] = await insertConversations(t.database.db, [
      { deviceId: LOBBY, at: day, acquire: 'drill one', intentId: topic.id, intentName: 'Drill topic' },
      { deviceId: NORTH, at: day, acquire: 'drill two', intentId: topic.id, intentName: 'Drill topic' },
      { deviceId: LOBBY, at: day, acquire: 'drill other', intentId: other.id, intentName: 'Other' },
      // A fallback whose closest topic was this one is not what the topic answered.
      { deviceId: LOBBY, at: day, acquire: 'drill near', status: 'fallback', candidateIntentId: topic.id },
      { deviceId: LOBBY, at: day, acquire: 'where is the desk', status: 'location', locationId: place.id },
    ]);
    const ids = async (params: Record<string, string | number>) =>
      (await list({ start_datetime: '2026-04-01', end_datetime: '2026-04-01', ...params })).data.map(
        (r) => r.id,
      );
    expect(await ids({ topic_id: topic.id })).toEqual([asked, again]);
    expect(
      (await list({ start_datetime: '2026-04-01', end_datetime: '2026-04-01', topic_id: topic.id })).total,
    ).toBe(2);
    expect(await ids({ topic_id: topic.id, device_ids: LOBBY })).toEqual([asked]);
    expect(await ids({ location_id: place.id })).toEqual([shown]);
    expect(await ids({})).toEqual([asked, again, elsewhere, fell, shown]);
    const bad = await call(
      'GET',
      `/conversation?device_id=${LOBBY}&device_ids=${LOBBY}&start_datetime=2026-04-01&end_datetime=2026-04-01&tz=${HK}&topic_id=x`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
