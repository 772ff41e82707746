import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { seedDemo, sendDemoVisitors } from '../demo/seed-demo.js';
import { listTables } from '../db/move/catalog.js';
import { pgRunner, qualified, type Runner } from '../db/move/runner.js';
import { ADMIN, createUser, freshStore, login, multipartFile, startApp, type Store } from './harness.js';
import { solidPng } from './image-fixtures.js';
import { createDevice } from './sockets.js';

/** Text PGlite once lost (a leading BOM) and text beyond the BMP, for the copy to carry whole. */
export const ODD_TEXT = '\uFEFFwhere is the lift 電梯 🛗 "quoted" \\ back';

/** What the seeded data folder holds beyond the demo, for the checks on the target. */
export interface SeededFolder {
  store: Store;
  user: { username: string; password: string };
  device: { id: number; key: string };
  media: { url: string; bytes: Buffer };
}

export async function deviceCall(
  app: FastifyInstance,
  key: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url: `/device_api/v1${url}`,
    headers: { authorization: `Bearer ${key}` },
    ...(payload && { payload }),
  });
}

/**
 * A data folder as a site has it after a while: the demo project (topics, events, small talk,
 * some traffic), plus a user, a kiosk with its key, a conversation of that kiosk and an image.
 * Closed afterwards, so the folder is free for the move.
 */
export async function seededFolder(): Promise<SeededFolder> {
  const store = await freshStore('pglite');
  const t = await startApp(store);
  try {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    const quiet = { info: () => undefined, warn: () => undefined };
    await seedDemo(t.database, admin.projectId);
    await sendDemoVisitors({ ...t.config, DEMO_CONVERSATIONS: 60 }, t.database, admin.projectId, quiet);
    const user = await createUser(t.app, admin, {
      username: 'mover',
      role_id: 2,
      password: 'M0ver-Passw0rd!',
    });
    const device = await createDevice(t.app, admin, 'Moved kiosk');
    const session = (await deviceCall(t.app, device.key, 'POST', '/sessions', { language: 'english' })).json()
      .data;
    const ask = await deviceCall(t.app, device.key, 'POST', '/ask', {
      session_id: session.session_id,
      text: ODD_TEXT,
      language: 'english',
    });
    if (ask.statusCode !== 200) throw new Error(`ask: ${ask.body}`);
    const bytes = await solidPng(64, 48, '#3366cc');
    const body = multipartFile({ name: 'lobby 大堂.png', content: bytes, type: 'image/png' });
    const up = await t.app.inject({
      method: 'POST',
      url: `/admin_panel/ai_config/upload?device_id=${device.id}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    if (up.statusCode !== 200) throw new Error(`upload: ${up.body}`);
    // Straight into a column: the API trims what visitors and operators type, BOM included.
    await t.database.db.execute(sql`update devices set description = ${ODD_TEXT} where id = ${device.id}`);
    return {
      store,
      user: { username: 'mover', password: user.password },
      device,
      media: { url: up.json().data.url, bytes },
    };
  } finally {
    await t.close();
  }
}

/**
 * Each table's rows as one digest (every column's text, in a fixed order, in UTC): two databases
 * with the same digests hold the same data, value for value.
 */
export async function digests(db: Runner): Promise<Record<string, string>> {
  await db.rows("set timezone to 'UTC'");
  const out: Record<string, string> = {};
  for (const table of await listTables(db)) {
    const [row] = await db.rows<{ d: string | null; n: string }>(
      `select md5(string_agg(r::text, E'\\n' order by r::text)) as d, count(*)::text as n from ${qualified(table.name)} r`,
    );
    out[table.name] = `${row!.n}:${row!.d ?? ''}`;
  }
  return out;
}

/** Runs `fn` on a connection to `url`. */
export async function onTarget<T>(url: string, fn: (db: Runner) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(pgRunner(client));
  } finally {
    await client.end();
  }
}

/**
 * Every index and constraint of the application's tables, as their definitions (not NOT NULL, which
 * PostgreSQL 18 lists as constraints and 15 does not).
 */
export async function schemaShape(db: Runner): Promise<string[]> {
  const indexes = await db.rows<{ d: string }>(
    "select indexdef as d from pg_indexes where schemaname = 'public' order by indexname",
  );
  const constraints = await db.rows<{ d: string }>(
    `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d
     from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n' order by 1`,
  );
  return [...indexes, ...constraints].map((r) => r.d);
}
