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
    sql`select coalesce(jsonb_agg(${record}), '[]'::jsonb) as image
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

type Rows = Record<string, unknown>[];

/** What a delete of rows of `table` takes or lets go of, as the schema's foreign keys say. */
export interface DeleteSpec {
  table: string;
  /**
   * Rows that go with them (`on delete cascade`), by the column naming them; `through` a child
   * listed before (a run's answers, through the event's runs) for rows one level further down.
   */
  children: { table: string; column: string; through?: { table: string; column: string } }[];
  /** Columns elsewhere set to null by the delete (`on delete set null`); their rows need an `id`. */
  links: { table: string; column: string }[];
}

/** The rows a delete took, with its children and the links it cut: what undoing it puts back. */
export interface DeleteImage {
  rows: Rows;
  children: { table: string; rows: Rows }[];
  links: { table: string; column: string; rows: Rows }[];
}

/** `column = any(ids)`: the rows whose column is one of the ids. */
export const anyId = (column: string, ids: number[]) =>
  sql`${sql.identifier(column)} = any(${`{${ids.join(',')}}`}::int[])`;

/**
 * Deletes the rows `ids` of the spec's table after reading everything the delete takes with it,
 * inside the caller's transaction (one statement at a time: one connection). Returns that image.
 */
export async function deleteWithImage(tx: Db, spec: DeleteSpec, ids: number[]): Promise<DeleteImage> {
  const rows = await rowsImage(tx, spec.table, anyId('id', ids));
  const children: DeleteImage['children'] = [];
  for (const child of spec.children) {
    const where = child.through
      ? sql`${sql.identifier(child.column)} in (select id from ${sql.identifier(child.through.table)}
            where ${anyId(child.through.column, ids)})`
      : anyId(child.column, ids);
    const found = await rowsImage(tx, child.table, where);
    if (found.length > 0) children.push({ table: child.table, rows: found });
  }
  const links: DeleteImage['links'] = [];
  for (const link of spec.links) {
    const found = await rowsImage(tx, link.table, anyId(link.column, ids), [link.column]);
    if (found.length > 0) links.push({ ...link, rows: found });
  }
  await tx.execute(sql`delete from ${sql.identifier(spec.table)} where ${anyId('id', ids)}`);
  return { rows, children, links };
}

/** Undoes `deleteWithImage`: the rows with their own ids, their children, then the links. */
export async function putDeletedBack(tx: Db, table: string, image: DeleteImage) {
  await putRowsBack(tx, table, image.rows);
  for (const child of image.children) await putRowsBack(tx, child.table, child.rows);
  for (const link of image.links) await setColumnsBack(tx, link.table, [link.column], link.rows);
}

/** The ids of a `rowsImage`'s rows. */
export const imageIds = (rows: Rows) => rows.map((r) => Number(r.id));
