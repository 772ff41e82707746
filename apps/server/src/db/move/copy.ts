import type { Table } from './catalog.js';
import { ident, qualified, type Runner } from './runner.js';

const CURSOR = 'move_rows';

/**
 * Copies one table's rows in batches: a cursor on the source (never the whole table in memory)
 * and one insert per batch on the target. Values travel in PostgreSQL's text form and are cast
 * back to the column's type there, so every type (jsonb, bytea, arrays, timestamptz, uuid, enums)
 * arrives exactly as it was, ids included. Returns the rows copied.
 */
export async function copyTable(
  source: Runner,
  target: Runner,
  table: Table,
  opts: { batchRows: number; onBatch?: (copied: number) => void },
): Promise<number> {
  const columns = table.columns;
  const list = columns.map((c) => ident(c.name)).join(', ');
  const order = table.primaryKey.length
    ? ` order by ${table.primaryKey.map(ident).join(', ')}` // parents before children in trees, mostly
    : '';
  await source.rows(
    `declare ${CURSOR} no scroll cursor for select ${columns.map((c) => `${ident(c.name)}::text`).join(', ')}` +
      ` from ${qualified(table.name)}${order}`,
  );
  // One array parameter per column, whatever the batch's size (a VALUES list would need rows × columns).
  const insert =
    `insert into ${qualified(table.name)} (${list}) overriding system value` +
    ` select ${columns.map((c, i) => `u.c${i}::${c.type}`).join(', ')}` +
    ` from unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(', ')})` +
    ` as u(${columns.map((_, i) => `c${i}`).join(', ')})`;
  let copied = 0;
  for (;;) {
    const rows = await source.arrays(`fetch forward ${opts.batchRows} from ${CURSOR}`);
    if (rows.length === 0) break;
    await target.rows(
      insert,
      columns.map((_, i) => rows.map((r) => r[i] as string | null)),
    );
    copied += rows.length;
    opts.onBatch?.(copied);
  }
  // Not in a `finally`: after a failed fetch the transaction is aborted and ends with the move.
  await source.rows(`close ${CURSOR}`);
  return copied;
}
