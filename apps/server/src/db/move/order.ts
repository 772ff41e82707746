/** A foreign key between two tables of the application's schema. */
export interface ForeignKey {
  name: string;
  table: string;
  references: string;
  /** `pg_get_constraintdef`: what re-creates it as it was. */
  definition: string;
}

/**
 * The order to fill the tables in so every foreign key finds its row: a table after every table
 * it references (Kahn's algorithm, ties by name so runs are repeatable). A key that no order can
 * satisfy (a table referencing itself, as topic and category trees do, or one key of each cycle of tables
 * referencing each other) is `deferred`: the copy drops it first and re-creates it after the last row, which checks
 * every row against it then.
 */
export function copyOrder(
  tables: readonly string[],
  keys: readonly ForeignKey[],
): { order: string[]; deferred: ForeignKey[] } {
  const known = new Set(tables);
  const deferred = keys.filter((k) => k.table === k.references);
  let pending = keys.filter((k) => k.table !== k.references && known.has(k.table) && known.has(k.references));
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const ready = [...left].filter((t) => !pending.some((k) => k.table === t && left.has(k.references)));
    if (ready.length === 0) {
      // A cycle among what is left: defer the keys of one table on it, which breaks that cycle.
      const among = (k: ForeignKey) => left.has(k.table) && left.has(k.references);
      const cut = [...left].sort().find((t) => reaches(pending.filter(among), t, t))!;
      deferred.push(...pending.filter((k) => k.table === cut && among(k)));
      pending = pending.filter((k) => !(k.table === cut && among(k)));
      continue;
    }
    const next = ready.sort()[0]!;
    order.push(next);
    left.delete(next);
  }
  return { order, deferred };
}

/** Whether `to` can be reached from `from` by following keys (table → referenced table). */
function reaches(keys: readonly ForeignKey[], from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = keys.filter((k) => k.table === from).map((k) => k.references);
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (t === to) return true;
    if (seen.has(t)) continue;
    seen.add(t);
    for (const k of keys) if (k.table === t) stack.push(k.references);
  }
  return false;
}
