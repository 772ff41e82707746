import type { ForeignKey } from './order.js';
import { ident, qualified, type Runner } from './runner.js';

/** The catalog queries of the move, asked of either database (the SQL of `cli/migrate-to-postgres`). */

export interface Column {
  name: string;
  /** `format_type`: the type the copy casts each value back to. */
  type: string;
}

export interface Table {
  name: string;
  /** Every column but generated ones (the target computes those itself). */
  columns: Column[];
  primaryKey: string[];
}

export interface Sequence {
  name: string;
  /** The column it numbers (serial or identity), when it has one. */
  table: string | null;
  column: string | null;
}

/** node-postgres and PGlite both parse json, but a driver set to leave it as text must not break this. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The application's tables (schema `public`; drizzle's own journal is in schema `drizzle`). */
export async function listTables(db: Runner): Promise<Table[]> {
  const rows = await db.rows<{ name: string; columns: Column[] | string; primary_key: string[] | string }>(
    `select c.relname as name,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
                                 order by a.attnum)
                 from pg_attribute a
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''),
                '[]'::json) as columns,
       coalesce((select json_agg(a.attname order by k.ord)
                 from pg_constraint p
                 cross join unnest(p.conkey) with ordinality as k(attnum, ord)
                 join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
                 where p.conrelid = c.oid and p.contype = 'p'),
                '[]'::json) as primary_key
     from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`,
  );
  return rows.map((r) => ({ name: r.name, columns: parsed(r.columns), primaryKey: parsed(r.primary_key) }));
}

export async function listForeignKeys(db: Runner): Promise<ForeignKey[]> {
  return db.rows<ForeignKey>(
    `select con.conname as name, t.relname as table, r.relname as references,
            pg_get_constraintdef(con.oid) as definition
     from pg_constraint con
     join pg_class t on t.oid = con.conrelid
     join pg_class r on r.oid = con.confrelid
     where con.contype = 'f'
       and t.relnamespace = 'public'::regnamespace and r.relnamespace = 'public'::regnamespace
     order by t.relname, con.conname`,
  );
}

export async function listSequences(db: Runner): Promise<Sequence[]> {
  return db.rows<Sequence>(
    `select s.relname as name, t.relname as table, a.attname as column
     from pg_class s
     left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
     left join pg_class t on t.oid = d.refobjid
     left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
     order by s.relname`,
  );
}

/** The value the sequence would give next. */
export async function nextValue(db: Runner, sequence: string): Promise<bigint> {
  const [row] = await db.rows<{ last_value: string; is_called: boolean }>(
    `select last_value::text, is_called from ${qualified(sequence)}`,
  );
  return BigInt(row!.last_value) + (row!.is_called ? 1n : 0n);
}

/** Sets what the sequence gives next: past both the highest value in use and what it had given. */
export async function restartSequence(db: Runner, sequence: Sequence, atLeast: bigint): Promise<bigint> {
  let next = atLeast;
  if (sequence.table && sequence.column) {
    const [row] = await db.rows<{ max: string | null }>(
      `select max(${ident(sequence.column)})::text as max from ${qualified(sequence.table)}`,
    );
    if (row?.max != null && BigInt(row.max) + 1n > next) next = BigInt(row.max) + 1n;
  }
  await db.rows(`select setval($1::regclass, $2::bigint, false)`, [
    qualified(sequence.name),
    next.toString(),
  ]);
  return next;
}

export async function countRows(db: Runner, table: string): Promise<number> {
  const [row] = await db.rows<{ n: string }>(`select count(*)::text as n from ${qualified(table)}`);
  return Number(row!.n);
}

/**
 * Tables holding at least one row, in any schema but the system's and drizzle's journal (a
 * database that is only migrated counts as empty).
 */
export async function tablesWithRows(db: Runner): Promise<string[]> {
  const tables = await db.rows<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
       and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
     order by n.nspname, c.relname`,
  );
  const full: string[] = [];
  for (const t of tables) {
    const [row] = await db.rows<{ any: boolean }>(
      `select exists (select 1 from ${ident(t.schema)}.${ident(t.name)}) as any`,
    );
    if (row?.any) full.push(t.schema === 'public' ? t.name : `${t.schema}.${t.name}`);
  }
  return full;
}

/** Where the two schemas differ (tables, columns, types): empty when the copy can go column by column. */
export function schemaDifferences(source: readonly Table[], target: readonly Table[]): string[] {
  const describe = (t: Table) =>
    t.columns
      .map((c) => `${c.name} ${c.type}`)
      .sort()
      .join(', ');
  const targets = new Map(target.map((t) => [t.name, t]));
  const out: string[] = [];
  for (const s of source) {
    const t = targets.get(s.name);
    if (!t) out.push(`table ${s.name} is missing on the target`);
    else if (describe(s) !== describe(t))
      out.push(`table ${s.name}: (${describe(s)}) here, (${describe(t)}) there`);
    targets.delete(s.name);
  }
  for (const name of targets.keys()) out.push(`table ${name} exists only on the target`);
  return out;
}

/** Every file the media rows name: each original (`filename`) and the blobs they hold (`files`). */
export async function mediaFileNames(db: Runner): Promise<{ rows: number; names: string[] }> {
  const [count] = await db.rows<{ n: string }>('select count(*)::text as n from public.media');
  const names = await db.rows<{ name: string }>(
    `select filename as name from public.media union select unnest(files) from public.media order by 1`,
  );
  return { rows: Number(count!.n), names: names.map((r) => r.name) };
}

export interface Index {
  name: string;
  /** `pg_get_indexdef`: the `CREATE INDEX` that makes it again, name and all. */
  definition: string;
}

/** The indexes no constraint stands on (a primary key's, a unique constraint's or one a key needs stay). */
export async function listPlainIndexes(db: Runner): Promise<Index[]> {
  return db.rows<Index>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_class t on t.oid = x.indrelid
     where t.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
     order by i.relname`,
  );
}

/** Tables with triggers of their own (not a foreign key's): those that keep derived tables up to date. */
export async function listTriggeredTables(db: Runner): Promise<string[]> {
  const rows = await db.rows<{ name: string }>(
    `select distinct t.relname as name
     from pg_trigger g join pg_class t on t.oid = g.tgrelid
     where t.relnamespace = 'public'::regnamespace and not g.tgisinternal
     order by t.relname`,
  );
  return rows.map((r) => r.name);
}
