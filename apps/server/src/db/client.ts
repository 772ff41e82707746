import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { holdDataDir } from './data-lock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while no other instance runs its own (a PostgreSQL advisory lock; PGlite has one
   * process already): the first start's seeding, so a second instance starting beside it waits
   * and finds the demo whole instead of building its matchers on half of it.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, '..', '..', 'drizzle');
/** Serialises migrations when several instances start on one PostgreSQL at once. */
const MIGRATION_LOCK = 7_341_001;
/**
 * Serialises `Database.exclusive` (the first start's seeding) across instances; a move into the
 * database holds it too, so a server started meanwhile waits and finds the data, not an empty database.
 */
export const STARTUP_LOCK = 7_341_003; // not db/seed.ts's 7_341_002, which the seeding takes inside it

/** Runs `fn` holding a session advisory lock on a connection of its own (released whatever happens). */
async function withAdvisoryLock<T>(pool: pg.Pool, key: number, fn: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await fn(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}

/** What the migrations create on PGlite too: the search's trigram indexes (drizzle/0024). */
export const pgliteExtensions = { pg_trgm };

/** PostgreSQL server when a URL is given, else PGlite persisted under `dataDir`. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  onPoolError?: (err: Error) => void;
  /** Who opens the embedded database, named to another process refused while this one holds it. */
  holder?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server must not crash the process; the pool reconnects.
    pool.on('error', (err) => opts.onPoolError?.(err));
    await withAdvisoryLock(pool, MIGRATION_LOCK, (client) =>
      migratePg(drizzlePg(client), { migrationsFolder }),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = <T>(fn: () => Promise<T>) => withAdvisoryLock(pool, STARTUP_LOCK, () => fn());
    return { db, kind: 'postgres', exclusive, close: () => pool.end() };
  }
  let dir: string | undefined;
  let release: () => Promise<void> = async () => undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true });
    release = await holdDataDir(dir, opts.holder ?? 'the server');
  }
  try {
    const client = new PGlite(dir, { extensions: pgliteExtensions });
    yieldBeforeQueries(client);
    const pgliteDb = drizzlePglite(client, { schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    const close = async () => {
      await client.close();
      await release();
    };
    return { db: pgliteDb as unknown as Db, kind: 'pglite', exclusive: (fn) => fn(), close };
  } catch (e) {
    await release();
    throw e;
  }
}

/**
 * PGlite runs each query to completion on this thread (PostgreSQL compiled to WASM), and its
 * promises settle without a turn of the event loop: a request would run from its first query to
 * its answer without the server ever reading another. One turn before each query lets the server
 * read, shed (plugins/load-shed.ts) and answer other requests between queries.
 */
function yieldBeforeQueries(client: PGlite) {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec(...args);
  }) as typeof client.exec;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turn();
    return transaction(...args);
  }) as typeof client.transaction;
}

/** Rows of a raw query: node-postgres and PGlite both answer `{rows}`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A raw statement made once, run many times with its values (`sql.placeholder(name)` in `query`):
 * its text is built once, and on PostgreSQL it is a named prepared statement, which each pooled
 * connection parses and plans once instead of at every call (the hot path's writes). Behind
 * PgBouncer in transaction mode named statements do not work (docs/operations.md). PGlite runs it as
 * any other query.
 */
export function preparedStatement<T>(db: Db, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(new PgDialect().sqlToQuery(query), undefined, name, false);
  return async (values: Record<string, unknown>): Promise<T[]> =>
    ((await prepared.execute(values)) as { rows: T[] }).rows;
}
