import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ZOfflineHours, type OfflineHoursRow } from '@ambassador/contracts';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, freshStore, type Store } from '../../test/harness.js';
import { pgliteExtensions } from '../../db/client.js';
import { isOffline, localTime } from './hours.js';

/**
 * 0007_offline_hours_mean_offline turns rows that meant "calls are taken" into rows that mean
 * "offline". Each device below is stored under the old meaning at the migration before it, migrated, and
 * then asked "offline?" at hundreds of instants of a week (hour and half-hour boundaries and the
 * minutes either side): the answers after must be the answers before.
 */

const migrations = path.join(import.meta.dirname, '..', '..', '..', 'drizzle');
const TARGET = '0007_offline_hours_mean_offline';

type Row = { day: string; start: string; end: string };

/** The old reading (hours calls are taken), as the server had it before this migration. */
function takenBefore(rows: readonly Row[], timeZone: string, at: Date): boolean {
  if (rows.length === 0) return true;
  const { day, time } = localTime(at, timeZone);
  const matches = (option: string) =>
    option === day ||
    (option === 'weekdays' && !['saturday', 'sunday'].includes(day)) ||
    (option === 'weekends' && ['saturday', 'sunday'].includes(day));
  return rows.some((r) => matches(r.day) && r.start <= time && time < r.end);
}

const DEVICES: { zone: string; rows: Row[] }[] = [
  { zone: 'UTC', rows: [{ day: 'weekdays', start: '09:00', end: '18:00' }] },
  {
    zone: 'UTC',
    rows: [
      { day: 'weekdays', start: '09:00', end: '12:00' },
      { day: 'weekdays', start: '13:00', end: '18:00' },
      { day: 'saturday', start: '10:00', end: '14:00' },
    ],
  },
  {
    zone: 'Asia/Hong_Kong',
    rows: [
      { day: 'monday', start: '08:00', end: '12:00' },
      { day: 'monday', start: '10:00', end: '14:00' },
      { day: 'weekdays', start: '11:00', end: '20:00' },
      { day: 'monday', start: '09:00', end: '09:30' },
    ],
  },
  {
    zone: 'UTC',
    rows: [
      { day: 'sunday', start: '00:00', end: '24:00' },
      { day: 'weekends', start: '20:00', end: '24:00' },
      { day: 'friday', start: '00:00', end: '00:30' },
    ],
  },
  // Every day, all day: never offline after.
  {
    zone: 'UTC',
    rows: [
      { day: 'weekdays', start: '00:00', end: '24:00' },
      { day: 'weekends', start: '00:00', end: '24:00' },
    ],
  },
  // No rows: always online, before and after.
  { zone: 'UTC', rows: [] },
  // Back to back: no gap at 12:00.
  {
    zone: 'Asia/Kolkata',
    rows: [
      { day: 'monday', start: '09:00', end: '12:00' },
      { day: 'monday', start: '12:00', end: '15:30' },
      { day: 'tuesday', start: '22:00', end: '24:00' },
      { day: 'wednesday', start: '00:00', end: '06:00' },
    ],
  },
  // A row the old rule never matched (end before start) does not make calls possible.
  { zone: 'UTC', rows: [{ day: 'weekdays', start: '18:00', end: '09:00' }] },
];

/** Monday 2026-11-23 00:00 UTC onwards, one week: each hour at :00 :01 :15 :29 :30 :31 :45 :59. */
function instants(): Date[] {
  const start = Date.UTC(2026, 10, 23, 0, 0);
  const out: Date[] = [];
  for (let hour = -12; hour < 7 * 24 + 12; hour++) {
    for (const minute of [0, 1, 15, 29, 30, 31, 45, 59])
      out.push(new Date(start + (hour * 60 + minute) * 60_000));
  }
  return out;
}

/** A copy of the migrations folder whose journal stops before `TARGET`. */
async function migrationsBefore(): Promise<{ dir: string; drop: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-migrations-'));
  await fs.cp(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === TARGET);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return { dir, drop: () => fs.rm(dir, { recursive: true, force: true }) };
}

interface Conn {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function connect(kind: 'pglite' | 'postgres', store: Store | null): Promise<Conn> {
  if (kind === 'pglite') {
    const client = new PGlite({ extensions: pgliteExtensions });
    return {
      query: (sql, params) => client.query(sql, params),
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const client = new pg.Client({ connectionString: store!.env.DATABASE_URL });
  await client.connect();
  return {
    query: (sql, params) => client.query(sql, params),
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    close: () => client.end(),
  };
}

describe.each(backends)('offline hours migration (%s)', (kind) => {
  let store: Store | null = null;
  let conn: Conn;
  let after: { zone: string; rows: OfflineHoursRow[] }[];

  beforeAll(async () => {
    if (kind === 'postgres') store = await freshStore('postgres', { empty: true });
    conn = await connect(kind, store);
    const before = await migrationsBefore();
    try {
      await conn.migrate(before.dir);
    } finally {
      await before.drop();
    }
    const [project] = (await conn.query(`insert into projects (name) values ('p') returning id`)).rows;
    const ids: number[] = [];
    for (const [i, device] of DEVICES.entries()) {
      const [row] = (
        await conn.query(
          `insert into devices (project_id, description, kind) values ($1, $2, 'ambassador') returning id`,
          [project!.id, `kiosk ${i}`],
        )
      ).rows;
      ids.push(row!.id as number);
      await conn.query(
        `insert into call_settings (device_id, offline_hours, time_zone) values ($1, $2, $3)`,
        [row!.id, JSON.stringify(device.rows), device.zone],
      );
    }
    await conn.migrate(migrations);
    after = [];
    for (const id of ids) {
      const [row] = (
        await conn.query(`select offline_hours, time_zone from call_settings where device_id = $1`, [id])
      ).rows;
      after.push({ zone: row!.time_zone as string, rows: row!.offline_hours as OfflineHoursRow[] });
    }
  });

  afterAll(async () => {
    await conn?.close();
    await store?.drop();
  });

  it('gives every device the same online and offline answers at every instant tested', () => {
    const mismatches: string[] = [];
    for (const at of instants()) {
      DEVICES.forEach((device, i) => {
        const offlineBefore = !takenBefore(device.rows, device.zone, at);
        if (isOffline(after[i]!.rows, after[i]!.zone, at) !== offlineBefore) {
          mismatches.push(`device ${i} at ${at.toISOString()}: offline ${offlineBefore} before`);
        }
      });
    }
    expect(mismatches).toEqual([]);
  });

  it('writes rows an operator can read and save again', () => {
    for (const device of after) {
      expect(
        ZOfflineHours.safeParse({ offline_hours: device.rows, time_zone: device.zone, offline_response: {} })
          .success,
      ).toBe(true);
    }
    // Office hours become the nights of weekdays and whole weekends.
    expect(after[0]!.rows).toEqual([
      { day: 'weekdays', start: '00:00', end: '09:00' },
      { day: 'weekdays', start: '18:00', end: '24:00' },
      { day: 'weekends', start: '00:00', end: '24:00' },
    ]);
    // Open all the time: no offline hours; no rows stays no rows.
    expect(after[4]!.rows).toEqual([]);
    expect(after[5]!.rows).toEqual([]);
    // Never open: offline all week.
    expect(after[7]!.rows).toEqual([
      { day: 'weekdays', start: '00:00', end: '24:00' },
      { day: 'weekends', start: '00:00', end: '24:00' },
    ]);
    // The zone is kept.
    expect(after[6]!.zone).toBe('Asia/Kolkata');
  });
});
