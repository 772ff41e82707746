import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

/**
 * Rows of a table exactly as stored, as JSON (every column, by its database name): the before-image
 * an undo keeps. Read inside the transaction that then changes them.
 */
export async function rowsImage(
  tx: Db,
  table: string,
  where: SQL,
  /** Only these columns (and `id`): what a change of a few fields needs back. */
  columns?: string[],
): Promise<Record<string, unknown>[]> {
  const record = columns
    ? sql`jsonb_build_object('id', t.id, ${sql.join(
        columns.map((c) => sql`${c}::text, t.${sql.identifier(c)}`),
        sql`, `,
      )})`
    : sql`to_jsonb(t)`;
  const [row] = await queryRows<{ image: Record<string, unknown>[] }>(
    tx,
    sql`select coalesce(jsonb_agg(${record} order by t.id), '[]'::jsonb) as image
        from ${sql.identifier(table)} t where ${where}`,
  );
  return row?.image ?? [];
}

/**
 * Puts rows of a `rowsImage` back with their own ids, in one statement (a self-reference among
 * them, a sub-topic's parent, is checked at its end, so their order does not matter).
 */
export async function putRowsBack(tx: Db, table: string, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const name = sql.identifier(table);
  await tx.execute(
    sql`insert into ${name} select * from jsonb_populate_recordset(null::${name}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

/**
 * Sets columns of rows back to their values in a `rowsImage` (only those columns): what a bulk
 * change of a few fields undoes. Rows deleted since are skipped.
 */
export async function setColumnsBack(
  tx: Db,
  table: string,
  columns: string[],
  rows: Record<string, unknown>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const name = sql.identifier(table);
  const sets = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} = old.${sql.identifier(c)}`),
    sql`, `,
  );
  const result = (await tx.execute(
    sql`update ${name} t set ${sets}
        from jsonb_populate_recordset(null::${name}, ${JSON.stringify(rows)}::jsonb) old
        where t.id = old.id`,
  )) as unknown as { rowCount?: number; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? rows.length;
}
