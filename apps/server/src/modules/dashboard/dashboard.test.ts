import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { randomUUID } from 'node:crypto';
import { aiTopics, calls, chatSessions, conversations, devices, visitorSessions } from '../../db/schema.js';
import { daysOf, dayRange } from '../../lib/day-range.js';
import { insertConversations, insertDevice, insertSession } from '../../test/conversation-fixtures.js';
import { backends, createUser, otherProject } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { createRetentionRepo } from '../retention/repo.js';

/** New York moves to summer time on 2026-03-08 (02:00 → 03:00): days there are 23, 24 or 25 hours. */
const NY = 'America/New_York';

describe.each(backends)('dashboard on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  let device: number;
  let quiet: number;

  const call = (path: string, params: Record<string, string | number>, s = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/admin_panel/dashboard/${path}?${new URLSearchParams(
        Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
      )}`,
      headers: s.headers,
    });
  const data = async (path: string, params: Record<string, string | number>) => {
    const res = await call(path, params);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  /** 2026-03-07 .. 2026-03-10 in New York. */
  const week = (extra: Record<string, string | number> = {}) => ({
    device_id: device,
    start_datetime: '2026-03-07',
    end_datetime: '2026-03-10',
    tz: NY,
    ...extra,
  });

  beforeAll(async () => {
    device = await insertDevice(t.database.db, admin.projectId, 'Atrium Kiosk');
    quiet = await insertDevice(t.database.db, admin.projectId, 'Quiet Kiosk');
    await insertConversations(t.database.db, [
      // 03-06 23:59:59 in New York (UTC-5): the day before the range.
      { deviceId: device, at: '2026-03-07T04:59:59Z', acquire: 'too early', intentName: 'Parking' },
      { deviceId: device, at: '2026-03-07T05:00:00Z', acquire: 'first', intentName: 'Parking' },
      { deviceId: device, at: '2026-03-07T20:00:00Z', acquire: 'lost', status: 'fallback' },
      // 03-08 23:30 summer time (UTC-4), already the 9th in UTC.
      { deviceId: device, at: '2026-03-09T03:30:00Z', acquire: 'late', intentName: 'Parking' },
      // 03-09 00:00 summer time.
      { deviceId: device, at: '2026-03-09T04:00:00Z', acquire: 'midnight', intentName: 'Toilets' },
      // 03-11 00:00: the day after the range.
      { deviceId: device, at: '2026-03-11T04:00:00Z', acquire: 'too late', intentName: 'Toilets' },
      // Another device's conversation never counts.
      { deviceId: quiet, at: '2026-03-08T12:00:00Z', acquire: 'elsewhere', status: 'fallback' },
    ]);
    // 120 s, on 03-07.
    await insertSession(t.database.db, {
      deviceId: device,
      startedAt: '2026-03-07T06:00:00Z',
      lastActivityAt: '2026-03-07T06:01:00Z',
      endedAt: '2026-03-07T06:02:00Z',
      questions: 2,
    });
    // Still open: it lasts until its last question, 90 s. 03-08 19:00 in New York.
    await insertSession(t.database.db, {
      deviceId: device,
      startedAt: '2026-03-08T23:00:00Z',
      lastActivityAt: '2026-03-08T23:01:30Z',
      questions: 1,
    });
    // Asked nothing: not a Q&A session.
    await insertSession(t.database.db, {
      deviceId: device,
      startedAt: '2026-03-09T05:00:00Z',
      endedAt: '2026-03-09T05:10:00Z',
      questions: 0,
    });
    // 03-06 23:00 in New York: before the range.
    await insertSession(t.database.db, {
      deviceId: device,
      startedAt: '2026-03-07T04:00:00Z',
      endedAt: '2026-03-07T04:30:00Z',
      questions: 3,
    });
  });

  it('draws every day of the range in the caller’s zone, days without activity as zeros', async () => {
    expect(await data('graph', week())).toEqual([
      { date: '2026-03-07', conversations: 2, fallback_conversations: 1, q_a_sessions: 1 },
      { date: '2026-03-08', conversations: 1, fallback_conversations: 0, q_a_sessions: 1 },
      { date: '2026-03-09', conversations: 1, fallback_conversations: 0, q_a_sessions: 0 },
      { date: '2026-03-10', conversations: 0, fallback_conversations: 0, q_a_sessions: 0 },
    ]);
    // The same days in UTC hold other conversations.
    expect(
      (await data('graph', week({ tz: 'UTC' }))).map((d: { conversations: number }) => d.conversations),
    ).toEqual([3, 0, 2, 0]);
    const empty = await data(
      'graph',
      week({ device_id: quiet, start_datetime: '2026-02-27', end_datetime: '2026-03-02' }),
    );
    expect(empty.map((d: { date: string }) => d.date)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(
      empty.every(
        (d: { conversations: number; q_a_sessions: number }) => d.conversations + d.q_a_sessions === 0,
      ),
    ).toBe(true);
  });

  it('puts each conversation on its local day in a zone a quarter hour off the hour', async () => {
    const nepal = await insertDevice(t.database.db, admin.projectId, 'Kathmandu Kiosk');
    await insertConversations(t.database.db, [
      // Kathmandu is UTC+5:45: 18:14:59Z is 23:59:59 on the 7th, 18:15:00Z midnight of the 8th.
      { deviceId: nepal, at: '2026-03-07T18:14:59Z', acquire: 'last of the day', intentName: 'Parking' },
      { deviceId: nepal, at: '2026-03-07T18:15:00Z', acquire: 'first of the day', intentName: 'Parking' },
      { deviceId: nepal, at: '2026-03-08T18:14:59Z', acquire: 'still the 8th', status: 'fallback' },
    ]);
    const days = await data('graph', {
      device_id: nepal,
      start_datetime: '2026-03-07',
      end_datetime: '2026-03-09',
      tz: 'Asia/Kathmandu',
    });
    expect(days.map((d: { conversations: number }) => d.conversations)).toEqual([1, 2, 0]);
    expect(days.map((d: { fallback_conversations: number }) => d.fallback_conversations)).toEqual([0, 1, 0]);
  });

  it('counts conversations, fallbacks and Q&A sessions of the range', async () => {
    expect(await data('conversation_count', week())).toEqual({
      conversations: 4,
      fallback_conversations: 1,
      q_a_sessions: 2,
    });
    expect(await data('conversation_count', week({ device_id: quiet }))).toEqual({
      conversations: 1,
      fallback_conversations: 1,
      q_a_sessions: 0,
    });
  });

  it('averages the length of the sessions that asked something', async () => {
    expect(await data('aet', week())).toEqual({ average_seconds: 105, sessions: 2 });
    expect(await data('aet', week({ start_datetime: '2026-03-08', end_datetime: '2026-03-08' }))).toEqual({
      average_seconds: 90,
      sessions: 1,
    });
    expect(await data('aet', week({ device_id: quiet }))).toEqual({ average_seconds: null, sessions: 0 });
  });

  describe('top 10 FAQ', () => {
    const DAY = '2026-04-01';
    const topics: Record<string, { id: number }> = {};
    const ask = (name: string, times: number, extra: object = {}) =>
      Array.from({ length: times }, (_, i) => ({
        deviceId: device,
        at: `${DAY}T0${i % 10}:00:00Z`,
        acquire: `about ${name}`,
        intentId: topics[name]!.id,
        intentName: name,
        categoryName: 'Logged category',
        ...extra,
      }));

    beforeAll(async () => {
      const api = (method: 'POST' | 'PUT', path: string, payload: object) =>
        t.app.inject({ method, url: `/admin_panel${path}`, headers: admin.headers, payload });
      const cat = (
        await api('POST', '/ai_config/intents/category', { device_id: device, name: 'Visitor info' })
      ).json().data;
      const names = ['Parking', 'Toilets', 'ATM', ...Array.from({ length: 9 }, (_, i) => `Topic ${i + 1}`)];
      for (const name of names) {
        topics[name] = (
          await api('POST', '/ai_config/intents/intent', {
            device_id: device,
            name,
            category_id: cat.category_id,
          })
        ).json().data;
      }
      await insertConversations(t.database.db, [
        ...ask('Parking', 3),
        ...ask('Toilets', 2),
        ...ask('ATM', 2),
        // Ranked by answered questions only.
        ...ask('ATM', 2, { status: 'fallback' }),
        ...names.slice(3).flatMap((n) => ask(n, 1)),
        // Outside the day.
        ...ask('Topic 9', 5, { at: '2026-04-02T10:00:00Z' }),
      ]);
      // Renamed since: the dashboard shows today's name.
      await api('PUT', '/ai_config/intents/intent', {
        device_id: device,
        id: topics.Toilets!.id,
        name: 'Restrooms',
      });
    });

    it('ranks answered topics by count, ties by name, ten at most, with current names', async () => {
      const faq = await data('faq', { device_id: device, start_datetime: DAY, end_datetime: DAY, tz: 'UTC' });
      expect(faq.map((f: { intent_name: string; count: number }) => `${f.intent_name}:${f.count}`)).toEqual([
        'Parking:3',
        'ATM:2',
        'Restrooms:2',
        'Topic 1:1',
        'Topic 2:1',
        'Topic 3:1',
        'Topic 4:1',
        'Topic 5:1',
        'Topic 6:1',
        'Topic 7:1',
      ]);
      expect(faq[0]).toEqual({
        kind: 'topic',
        intent_id: topics.Parking!.id,
        intent_name: 'Parking',
        category: 'Visitor info',
        count: 3,
      });
      expect(await data('faq', week({ device_id: quiet }))).toEqual([]);
    });
  });

  describe('read from the roll-ups', () => {
    let kiosk: number;
    const topicIds: number[] = [];
    /** A fixed pseudo-random sequence: the same log on every run. */
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    /** An instant between two days, to the second: quarter hours and UTC days cut anywhere. */
    const between = (from: string, to: string) => {
      const [a, b] = [Date.parse(from), Date.parse(to)];
      return new Date(a + Math.floor(random() * ((b - a) / 1000)) * 1000);
    };
    const log = (n: number, from: string, to: string) =>
      insertConversations(
        t.database.db,
        Array.from({ length: n }, (_, i) => {
          const answered = random() < 0.8;
          const topic = topicIds[Math.floor(random() * topicIds.length)]!;
          return {
            deviceId: kiosk,
            at: between(from, to),
            acquire: `question ${i}`,
            ...(answered
              ? { intentId: topic, intentName: `Topic ${topic}` }
              : { status: 'fallback' as const }),
          };
        }),
      );
    const visits = async (n: number, from: string, to: string) => {
      for (let i = 0; i < n; i++) {
        const started = between(from, to);
        const last = new Date(started.getTime() + Math.floor(random() * 600_000));
        await insertSession(t.database.db, {
          deviceId: kiosk,
          startedAt: started,
          lastActivityAt: last,
          endedAt: random() < 0.7 ? new Date(last.getTime() + 30_123) : null,
          questions: Math.floor(random() * 4),
        });
      }
    };

    /** The figures as the dashboard computed them before the roll-ups: from the raw rows. */
    async function fromTheLog(range: { start_datetime: string; end_datetime: string; tz: string }) {
      const { tz } = range;
      const r = dayRange(range);
      const inRange = (column: string) =>
        sql`${sql.raw(column)} >= ((${r.start}::date)::timestamp at time zone ${tz})
          and ${sql.raw(column)} < (((${r.end}::date) + 1)::timestamp at time zone ${tz})`;
      const db = t.database.db;
      const talk = await queryRows<{ day: string; n: number; fallback: number }>(
        db,
        sql`select to_char((at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*)::int as n,
              (count(*) filter (where status = 'fallback'))::int as fallback
            from conversations where device_id = ${kiosk} and ${inRange('at')} group by 1`,
      );
      const asked = await queryRows<{ day: string; n: number }>(
        db,
        sql`select to_char((started_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*)::int as n
            from visitor_sessions where device_id = ${kiosk} and questions > 0 and ${inRange('started_at')} group by 1`,
      );
      const [aet] = await queryRows<{ average: number | null; n: number }>(
        db,
        sql`select avg(extract(epoch from (coalesce(ended_at, last_activity_at) - started_at)))::float8 as average,
              count(*)::int as n
            from visitor_sessions where device_id = ${kiosk} and questions > 0 and ${inRange('started_at')}`,
      );
      const faq = await queryRows<{ id: number; n: number }>(
        db,
        sql`select intent_id as id, count(*)::int as n from conversations
            where device_id = ${kiosk} and ${inRange('at')} and status = 'answered' and intent_id is not null
            group by 1 order by 1`,
      );
      const day = (list: { day: string }[], d: string) => list.find((x) => x.day === d);
      return {
        graph: daysOf(r).map((date) => ({
          date,
          conversations: (day(talk, date) as { n: number } | undefined)?.n ?? 0,
          fallback_conversations: (day(talk, date) as { fallback: number } | undefined)?.fallback ?? 0,
          q_a_sessions: (day(asked, date) as { n: number } | undefined)?.n ?? 0,
        })),
        count: {
          conversations: talk.reduce((sum, d) => sum + d.n, 0),
          fallback_conversations: talk.reduce((sum, d) => sum + d.fallback, 0),
          q_a_sessions: asked.reduce((sum, d) => sum + d.n, 0),
        },
        aet: {
          average_seconds: aet!.average === null ? null : Math.round(Number(aet!.average) * 1000) / 1000,
          sessions: aet!.n,
        },
        faq: faq.map((x) => [Number(x.id), x.n]),
      };
    }

    async function fromTheDashboard(range: { start_datetime: string; end_datetime: string; tz: string }) {
      const q = { device_id: kiosk, ...range };
      const faq = (await data('faq', q)) as { intent_id: number; count: number }[];
      return {
        graph: await data('graph', q),
        count: await data('conversation_count', q),
        aet: await data('aet', q),
        faq: faq.map((x) => [x.intent_id, x.count]).sort((a, b) => a[0]! - b[0]!),
      };
    }

    /** Hong Kong and Kathmandu days start mid-day in UTC, Adelaide's on a half hour; New York leaves summer time on 11-02. */
    const ZONES = ['Asia/Hong_Kong', 'America/New_York', 'Asia/Kathmandu', 'Australia/Adelaide', 'UTC'];
    const RANGES: [string, string][] = [
      ['2025-11-03', '2025-11-03'],
      ['2025-11-01', '2025-11-03'],
      ['2025-10-31', '2025-11-09'],
      ['2025-10-15', '2025-11-25'],
    ];
    async function expectTheLogsFigures() {
      for (const tz of ZONES) {
        for (const [start_datetime, end_datetime] of RANGES) {
          const range = { start_datetime, end_datetime, tz };
          expect(await fromTheDashboard(range), JSON.stringify(range)).toEqual(await fromTheLog(range));
        }
      }
    }

    beforeAll(async () => {
      kiosk = await insertDevice(t.database.db, admin.projectId, 'Roll-up Kiosk');
      const cat = (
        await t.app.inject({
          method: 'POST',
          url: '/admin_panel/ai_config/intents/category',
          headers: admin.headers,
          payload: { device_id: kiosk, name: 'Visitor info' },
        })
      ).json().data;
      for (const name of ['Parking', 'Toilets', 'ATM', 'Taxi']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/admin_panel/ai_config/intents/intent',
          headers: admin.headers,
          payload: { device_id: kiosk, name, category_id: cat.category_id },
        });
        topicIds.push(res.json().data.id);
      }
      await log(600, '2025-10-20T00:00:00Z', '2025-11-20T00:00:00Z');
      await visits(60, '2025-10-20T00:00:00Z', '2025-11-20T00:00:00Z');
    });

    it('gives the figures of the raw rows for every zone and range', async () => {
      await expectTheLogsFigures();
    });

    it('counts what is logged after, what retention deletes and what a deleted topic no longer answers', async () => {
      // A day already rolled up gets more questions, and sessions go on asking.
      await log(40, '2025-11-03T00:00:00Z', '2025-11-04T00:00:00Z');
      await visits(10, '2025-11-03T00:00:00Z', '2025-11-04T00:00:00Z');
      await t.database.db
        .update(visitorSessions)
        .set({
          questions: sql`${visitorSessions.questions} + 1`,
          lastActivityAt: sql`${visitorSessions.lastActivityAt} + interval '45 seconds'`,
        })
        .where(eq(visitorSessions.deviceId, kiosk));
      await t.database.db.delete(aiTopics).where(eq(aiTopics.id, topicIds[0]!));
      await expectTheLogsFigures();
      // Older than 2025-11-01 (UTC) is gone: nothing else of this project is that old.
      const retention = createRetentionRepo(t.database.db);
      expect(
        await retention.purgeConversations(admin.projectId, new Date('2025-11-01T00:00:00Z')),
      ).toBeGreaterThan(0);
      expect(
        await retention.purgeSessions(admin.projectId, new Date('2025-11-01T00:00:00Z')),
      ).toBeGreaterThan(0);
      await expectTheLogsFigures();
      // What the purge emptied is gone, not kept as zeros.
      const [empty] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from dashboard_quarters where device_id = ${kiosk}
              and conversations = 0 and fallback = 0 and qa_sessions = 0 and session_seconds = 0`,
      );
      expect(empty!.n).toBe(0);
      const [quarters] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from dashboard_quarters
            where device_id = ${kiosk} and bucket < timestamptz '2025-10-31 00:00:00+00'`,
      );
      expect(quarters!.n).toBe(0);
    });

    it('goes with its device', async () => {
      const left = () =>
        queryRows<{ n: number }>(
          t.database.db,
          sql`select (select count(*) from dashboard_quarters where device_id = ${kiosk})
                + (select count(*) from dashboard_faq_days where device_id = ${kiosk}) as n`,
        );
      expect(Number((await left())[0]!.n)).toBeGreaterThan(0);
      await t.database.db.delete(devices).where(eq(devices.id, kiosk));
      expect(Number((await left())[0]!.n)).toBe(0);
      expect(
        await t.database.db.select().from(conversations).where(eq(conversations.deviceId, kiosk)),
      ).toEqual([]);
    });
  });

  it('draws containment and satisfaction per day from the sessions, chats, calls and ratings', async () => {
    const db = t.database.db;
    const kiosk = await insertDevice(db, admin.projectId, 'Trends Kiosk');
    /** A session on 2026-04-0<day> (UTC) from hh:00 to hh:10 whose questions end as `statuses`. */
    const session = async (day: number, hour: number, statuses: ('answered' | 'fallback')[]) => {
      const at = (min: number) =>
        `2026-04-0${day}T${String(hour).padStart(2, '0')}:${String(min).padStart(2, '0')}:00Z`;
      const id = await insertSession(db, {
        deviceId: kiosk,
        startedAt: at(0),
        lastActivityAt: at(10),
        endedAt: at(10),
        questions: statuses.length,
      });
      await insertConversations(
        db,
        statuses.map((status, i) => ({
          deviceId: kiosk,
          sessionId: id,
          at: at(1 + i),
          acquire: `q${i}`,
          status,
          intentName: status === 'answered' ? 'Parking' : undefined,
        })),
      );
      return id;
    };
    // 04-01: five sessions, two contained (40 %).
    await session(1, 8, ['answered']);
    await session(1, 9, ['fallback', 'answered']); // a fallback, then answered: contained
    await session(1, 10, ['answered', 'fallback']); // ends on a fallback
    const chatted = await session(1, 11, ['answered']);
    await db
      .insert(chatSessions)
      .values({ id: randomUUID(), deviceId: kiosk, visitorSessionId: chatted, language: 'english' });
    await session(1, 12, ['answered']);
    await db.insert(calls).values({
      id: randomUUID(),
      deviceId: kiosk,
      status: 'ended',
      createdAt: new Date('2026-04-01T12:05:00Z'),
      ringUntil: new Date('2026-04-01T12:06:00Z'),
    });
    // 04-02: two sessions, both contained; a call after the second one ended does not count.
    await session(2, 8, ['answered']);
    await session(2, 9, ['answered', 'answered']);
    await db.insert(calls).values({
      id: randomUUID(),
      deviceId: kiosk,
      status: 'missed',
      createdAt: new Date('2026-04-02T09:30:00Z'),
      ringUntil: new Date('2026-04-02T09:31:00Z'),
    });
    // A session that asked nothing is not counted.
    await insertSession(db, { deviceId: kiosk, startedAt: '2026-04-02T10:00:00Z', questions: 0 });
    // Ratings: 04-01 three thumbs up and one down (75 %), 04-02 one down (0 %).
    await insertConversations(db, [
      ...[1, 1, 1, -1].map((rating, i) => ({
        deviceId: kiosk,
        at: `2026-04-01T15:0${i}:00Z`,
        acquire: `rated ${i}`,
        intentName: 'Parking',
        rating: rating as 1 | -1,
      })),
      {
        deviceId: kiosk,
        at: '2026-04-02T15:00:00Z',
        acquire: 'rated down',
        intentName: 'Parking',
        rating: -1,
      },
    ]);

    const days = await data('trends', {
      device_id: kiosk,
      start_datetime: '2026-04-01',
      end_datetime: '2026-04-03',
      tz: 'UTC',
    });
    expect(days).toEqual([
      {
        date: '2026-04-01',
        sessions: 5,
        contained: 2,
        containment: 0.4,
        ratings: 4,
        satisfied: 3,
        satisfaction: 0.75,
      },
      {
        date: '2026-04-02',
        sessions: 2,
        contained: 2,
        containment: 1,
        ratings: 1,
        satisfied: 0,
        satisfaction: 0,
      },
      {
        date: '2026-04-03',
        sessions: 0,
        contained: 0,
        containment: null,
        ratings: 0,
        satisfied: 0,
        satisfaction: null,
      },
    ]);
  });

  it('refuses another project’s device and callers without the Dashboard page', async () => {
    const other = await otherProject(t.database);
    for (const path of ['graph', 'conversation_count', 'aet', 'faq', 'trends']) {
      const res = await call(path, week({ device_id: other.deviceId }));
      expect(res.statusCode, path).toBe(403);
    }
    const { session } = await createUser(t.app, admin, {
      username: 'reviewer',
      role_id: 1,
      page_access: ['/conversation'],
    });
    expect((await call('graph', week(), session)).statusCode).toBe(403);
  });

  it('answers 400 for a range it cannot draw', async () => {
    // 2024 is a leap year: 2024-01-01..2025-12-31 is exactly 731 days, the most allowed.
    const longest = await data('graph', week({ start_datetime: '2024-01-01', end_datetime: '2025-12-31' }));
    expect(longest).toHaveLength(731);
    const bad: Record<string, string>[] = [
      { end_datetime: '2026-01-01', start_datetime: '2024-01-01' },
      { start_datetime: '2026-03-11' },
      { start_datetime: '2026-02-29' },
      { end_datetime: 'tomorrow' },
      { tz: 'Nowhere/Special' },
    ];
    for (const params of bad) {
      for (const path of ['graph', 'conversation_count', 'aet', 'faq', 'trends']) {
        const res = await call(path, week(params));
        expect(res.statusCode, `${path} ${JSON.stringify(params)}`).toBe(400);
        expect(res.json().success).toBe(false);
      }
    }
    const noDevice = await call('graph', { start_datetime: '2026-03-07', end_datetime: '2026-03-10' });
    expect(noDevice.statusCode).toBe(400);
  });
});
