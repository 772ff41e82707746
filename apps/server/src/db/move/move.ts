import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, STARTUP_LOCK } from '../client.js';
import {
  countRows,
  listForeignKeys,
  listPlainIndexes,
  listTriggeredTables,
  listSequences,
  listTables,
  nextValue,
  restartSequence,
  schemaDifferences,
  tablesWithRows,
} from './catalog.js';
import { copyTable } from './copy.js';
import { copyOrder, type ForeignKey } from './order.js';
import { ident, pgliteRunner, pgRunner, qualified, type Runner } from './runner.js';

/** The move did not start: nothing was written to the target. */
export class MoveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveRefused';
  }
}

export interface MoveOptions {
  /** DATA_DIR: the folder holding the embedded database (`pglite/`) and `media/`. */
  dataDir: string;
  /** The PostgreSQL database to fill: empty, or only migrated. */
  targetUrl: string;
  /** Rows read and written at once (default 1,000). */
  batchRows?: number;
  /** Named to a server refused while this holds the data folder. */
  holder?: string;
  /** After each table is copied (progress; a throw here aborts the move, as any failure does). */
  onTable?: (table: string, rows: number) => void | Promise<void>;
}

export interface MoveResult {
  tables: Array<{ name: string; source: number; target: number }>;
  /** Each sequence and the value it gives next on the target. */
  sequences: Array<{ name: string; next: string }>;
  /** Foreign keys dropped for the copy and re-created after it (trees, cycles). */
  deferredKeys: string[];
  /** The installation's id and both databases' names (the Redis namespace is derived from them). */
  installation: { id: string; sourceDatabase: string; targetDatabase: string } | null;
  ms: number;
}

/**
 * Copies every row of the embedded database in `dataDir` into an empty PostgreSQL database: the
 * target is migrated first (the same migrations, so the same schema), then every table is copied
 * in one transaction, its counts checked against the source's before the commit, so a failure
 * leaves the target without a row. The data folder is held throughout, as a server holds it.
 */
export async function moveToPostgres(opts: MoveOptions): Promise<MoveResult> {
  const started = Date.now();
  const pgliteDir = path.join(path.resolve(opts.dataDir), 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new MoveRefused(`There is no embedded database in ${pgliteDir}: check DATA_DIR (or --data-dir).`);
  // Opening it takes the folder (DataDirInUse while a server runs) and brings it to this version's schema.
  const source = await openDatabase({
    dataDir: opts.dataDir,
    holder: opts.holder ?? 'the move to PostgreSQL',
  });
  try {
    const client = new pg.Client({ connectionString: opts.targetUrl });
    await client.connect();
    try {
      // Before migrating: never add this schema to a database that holds something else.
      refuseFull(await tablesWithRows(pgRunner(client)));
      const migrated = await openDatabase({ databaseUrl: opts.targetUrl, onPoolError: () => undefined });
      await migrated.close();
      const pglite = (source.db as unknown as { $client: PGlite }).$client;
      const result = await pglite.transaction((tx) => copyAll(pgliteRunner(tx), client, opts));
      return { ...result, ms: Date.now() - started };
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
}

function refuseFull(tables: string[]) {
  if (tables.length === 0) return;
  const shown = tables.slice(0, 8).join(', ') + (tables.length > 8 ? `, and ${tables.length - 8} more` : '');
  throw new MoveRefused(
    `The target database is not empty (rows in ${shown}); nothing was changed. ` +
      'Give it an empty database (createdb ambassador), and do not start a server on it before the move: ' +
      'its first start seeds the demo project.',
  );
}

/** The whole copy, in one transaction on the target and one snapshot of the source. */
async function copyAll(
  source: Runner,
  client: pg.Client,
  opts: MoveOptions,
): Promise<Omit<MoveResult, 'ms'>> {
  // Text forms that read back exactly: ISO dates with their offset, hex bytea, every float digit.
  await source.rows('set transaction isolation level repeatable read, read only');
  for (const setting of [
    "datestyle to 'ISO'",
    "intervalstyle to 'postgres'",
    'extra_float_digits to 3',
    "bytea_output to 'hex'",
  ])
    await source.rows(`set local ${setting}`);
  const target = pgRunner(client);
  await client.query('begin');
  try {
    await target.rows('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    refuseFull(await tablesWithRows(target)); // again: a server may have started on it meanwhile
    const sourceTables = await listTables(source);
    const targetTables = await listTables(target);
    const differences = schemaDifferences(sourceTables, targetTables);
    if (differences.length > 0)
      throw new MoveRefused(`The two schemas differ, so nothing was copied:\n  ${differences.join('\n  ')}`);
    const { order, deferred } = copyOrder(
      targetTables.map((t) => t.name),
      await listForeignKeys(target),
    );
    for (const key of deferred)
      await target.rows(`alter table ${qualified(key.table)} drop constraint ${ident(key.name)}`);
    // Built once after the rows rather than row by row: the conversations' indexes tripled the copy's time.
    const indexes = await listPlainIndexes(target);
    for (const index of indexes) await target.rows(`drop index ${qualified(index.name)}`);
    // The derived tables (the dashboard's roll-ups) are copied as they are: their triggers would
    // count every copied row a second time.
    const triggered = await listTriggeredTables(target);
    for (const name of triggered) await target.rows(`alter table ${qualified(name)} disable trigger user`);
    const byName = new Map(targetTables.map((t) => [t.name, t]));
    const tables: MoveResult['tables'] = [];
    for (const name of order) {
      const expected = await countRows(source, name);
      const copied = await copyTable(source, target, byName.get(name)!, {
        batchRows: opts.batchRows ?? 1000,
      });
      if (copied !== expected) throw new Error(`${name}: ${copied} rows copied of ${expected}`);
      await opts.onTable?.(name, copied);
      tables.push({ name, source: expected, target: 0 });
    }
    for (const index of indexes) await target.rows(index.definition);
    for (const name of triggered) await target.rows(`alter table ${qualified(name)} enable trigger user`);
    for (const key of deferred) await recreate(target, key);
    const sequences = await restartSequences(source, target);
    for (const t of tables) t.target = await countRows(target, t.name);
    const wrong = tables.filter((t) => t.source !== t.target);
    if (wrong.length > 0)
      throw new Error(
        `Row counts differ after the copy: ${wrong.map((t) => `${t.name} ${t.source}≠${t.target}`).join(', ')}`,
      );
    const installation = await identity(source, target);
    await client.query('commit');
    return { tables, sequences, deferredKeys: deferred.map((k) => `${k.table}.${k.name}`), installation };
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
}

/** Re-created as it was: every row is checked against it now. */
const recreate = (db: Runner, key: ForeignKey) =>
  db.rows(`alter table ${qualified(key.table)} add constraint ${ident(key.name)} ${key.definition}`);

/** Every sequence gives next a value past the highest in use and past what the source had given. */
async function restartSequences(source: Runner, target: Runner) {
  const given = new Map<string, bigint>();
  for (const s of await listSequences(source)) given.set(s.name, await nextValue(source, s.name));
  const out: MoveResult['sequences'] = [];
  for (const s of await listSequences(target)) {
    const next = await restartSequence(target, s, given.get(s.name) ?? 1n);
    out.push({ name: s.name, next: next.toString() });
  }
  return out;
}

async function identity(source: Runner, target: Runner): Promise<MoveResult['installation']> {
  const [row] = await source.rows<{ id: string; database: string }>(
    'select id::text as id, current_database() as database from public.installation',
  );
  const [there] = await target.rows<{ database: string }>('select current_database() as database');
  return row ? { id: row.id, sourceDatabase: row.database, targetDatabase: there!.database } : null;
}
