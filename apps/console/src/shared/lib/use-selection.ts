import { useState } from 'react';

/**
 * The rows picked in a table for a bulk action: some by key, or every row matching the list's
 * filter (`all`). A new filter (`scope`) starts with nothing picked, so an action never reaches rows
 * the operator no longer sees.
 */
export function useSelection<K extends string | number>(scope: string) {
  const [state, setState] = useState<{ scope: string; keys: ReadonlySet<K>; all: boolean }>({
    scope,
    keys: new Set(),
    all: false,
  });
  // A new filter or device: the selection is cleared during render, not in an effect.
  const current = state.scope === scope ? state : { scope, keys: new Set<K>(), all: false };
  if (current !== state) setState(current);
  const set = (keys: ReadonlySet<K>, all = false) => setState({ scope, keys, all });

  return {
    keys: current.keys,
    /** Every row matching the filter, on every page. */
    all: current.all,
    isSelected: (key: K) => current.all || current.keys.has(key),
    toggle(key: K) {
      if (current.all) return;
      const next = new Set(current.keys);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      set(next);
    },
    /** The page's header checkbox: picks the page's rows, or drops them when all were picked. */
    togglePage(keys: K[]) {
      if (current.all) return set(new Set());
      const every = keys.length > 0 && keys.every((key) => current.keys.has(key));
      const next = new Set(current.keys);
      for (const key of keys) {
        if (every) next.delete(key);
        else next.add(key);
      }
      set(next);
    },
    selectAll: () => set(new Set(), true),
    clear: () => set(new Set()),
    /** How many rows the action would take, with `total` the rows matching the filter. */
    count: (total: number) => (current.all ? total : current.keys.size),
  };
}
export type Selection<K extends string | number> = ReturnType<typeof useSelection<K>>;
